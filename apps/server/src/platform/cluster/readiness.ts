// What /api/ready checks besides the database: each shared service the instance depends on
// (Redis, the media bucket) contributes one named check. A check answers within its own timeout
// and never throws; false means the instance must not take traffic.
export interface ReadinessCheck {
  name: string;
  check: () => Promise<boolean>;
}
