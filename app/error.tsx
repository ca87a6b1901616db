"use client";

export default function RouteError({ error }: { error: Error & { digest?: string } }) {
  return (
    <div role="alert" className="py-10 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-2 text-ink-700">{error.message}</p>
    </div>
  );
}
