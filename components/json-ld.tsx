import type { Thing, WithContext } from "schema-dts";

/** schema.org data, escaped so no string in it can close the script element. */
export function JsonLd({ data }: { data: WithContext<Thing> | Array<WithContext<Thing>> }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
