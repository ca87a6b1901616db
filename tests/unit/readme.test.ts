import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const lib = path.join(process.cwd(), "lib");
const architecture = readFileSync(path.join(process.cwd(), "docs", "architecture.md"), "utf8");

/** The folders of lib/ in the architecture doc's folder map, top to bottom. */
const mapped = [...architecture.matchAll(/^\s*\| `lib\/([a-z-]+)\/` \|/gm)].map((m) => m[1]);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.(ts|tsx|mjs)$/.test(name) ? [full] : [];
  });

/** The folders of lib/ that a file imports, by relative path or by "@/lib/". */
function importedFolders(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].flatMap(([, spec]) => {
    const target = spec.startsWith("@/lib/")
      ? path.join(lib, spec.slice(6))
      : spec.startsWith(".")
        ? path.resolve(path.dirname(file), spec)
        : null;
    if (!target || !target.startsWith(`${lib}/`)) return [];
    const parts = path.relative(lib, target).split(path.sep);
    return parts.length > 1 ? [parts[0]] : [];
  });
}

describe("the architecture doc's folder map", () => {
  it("lists every folder of lib/, and only those", () => {
    const folders = readdirSync(lib).filter((name) => statSync(path.join(lib, name)).isDirectory());
    expect([...mapped].sort()).toEqual(folders.sort());
  });

  it("each folder imports only folders below it in the map, and lib's own files import no folder", () => {
    const upward: string[] = [];
    for (const [rank, folder] of mapped.entries()) {
      for (const file of sourceFiles(path.join(lib, folder))) {
        for (const imported of importedFolders(file)) {
          if (imported !== folder && mapped.indexOf(imported) <= rank) upward.push(`${path.relative(lib, file)} -> ${imported}/`);
        }
      }
    }
    for (const file of readdirSync(lib).filter((name) => /\.(ts|tsx)$/.test(name))) {
      for (const imported of importedFolders(path.join(lib, file))) upward.push(`${file} -> ${imported}/`);
    }
    expect(upward).toEqual([]);
  });
});

/** README.md and every page of docs/, by their path from the repository's root. */
const markdownFiles = [
  "README.md",
  ...readdirSync(path.join(process.cwd(), "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** The targets of a Markdown text's links, leaving out code blocks and code spans. */
function linkTargets(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

describe("the README and docs/", () => {
  it("the README has at most 200 lines", () => {
    const text = readFileSync(path.join(process.cwd(), "README.md"), "utf8");
    expect(text.replace(/\n$/, "").split("\n").length).toBeLessThanOrEqual(200);
  });

  it("every relative link points at a file that exists", () => {
    const broken: string[] = [];
    for (const file of markdownFiles) {
      const text = readFileSync(path.join(process.cwd(), file), "utf8");
      for (const target of linkTargets(text)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
        const linked = path.resolve(path.dirname(path.join(process.cwd(), file)), decodeURIComponent(target.split("#")[0]));
        if (!existsSync(linked)) broken.push(`${file} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
