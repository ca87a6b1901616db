/** An unknown article answers 404 with the spec's text. */
export default function ArticleNotFound() {
  return (
    <p role="alert" className="py-10 text-center text-lg">
      Article not found
    </p>
  );
}
