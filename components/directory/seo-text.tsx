import { paragraphs } from "@/lib/listings/ordering";

export function SeoText({ text, heading }: { text: string | null; heading: string }) {
  const parts = paragraphs(text);
  if (parts.length === 0) return null;
  return (
    <section className="mt-10 max-w-3xl" aria-labelledby="about-heading">
      <h2 id="about-heading" className="text-2xl font-bold">
        {heading}
      </h2>
      {parts.map((part, index) => (
        <p key={index} className="mt-3 leading-7 text-ink-700">
          {part}
        </p>
      ))}
    </section>
  );
}
