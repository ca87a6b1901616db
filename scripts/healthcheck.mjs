// The container's health check: the server on PORT answers GET /api/health with 200 (its
// database answers a read) within 4 seconds. Exit 0 when healthy, 1 otherwise.
const port = Number(process.env.PORT ?? 3000);
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
