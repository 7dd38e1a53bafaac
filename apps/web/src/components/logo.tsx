// The shop's mark: a lightning bolt on a red badge, and the word mark.
export function Logo({ className }: { className?: string }) {
  return (
    <span className={`logo ${className ?? ''}`}>
      <svg className="logo-mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#e23636" />
        <path
          d="M36 6 14 38h14l-4 20 24-34H34z"
          fill="#ffd23f"
          stroke="#1a1a1a"
          strokeWidth="3"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo-text">
        Comics<span className="logo-accent">Shop</span>
      </span>
    </span>
  );
}
