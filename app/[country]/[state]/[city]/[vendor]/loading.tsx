export default function Loading() {
  return (
    <p role="status" className="py-10 text-center text-ink-600">
      Loading...
    </p>
  );
}
