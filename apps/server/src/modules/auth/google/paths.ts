// Where the Google sign-in lives: the development provider's mount point and our callback.
export const DEV_PROVIDER_PATH = '/oidc';
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';
