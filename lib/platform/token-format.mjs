// The one shape of every token the site issues: 32 random bytes in base64url. Plain
// JavaScript so that the production server can check a cookie's shape before Next runs.
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
