/** One source behind a model's figures, as the model page lists it. */
export interface ModelSource {
  label: string;
  href: string | null;
}

const GITHUB_FILE = /^([\w.-]+\/[\w.-]+)@([0-9a-f]{7,40}):(.+)$/;

/**
 * A `sources` entry of the model data: a URL, a GitHub file pinned to a commit
 * (`owner/repo@commit:path`), or a description of a source with no public address.
 */
export function describeSource(source: string): ModelSource {
  const github = GITHUB_FILE.exec(source);
  if (github) {
    const [, repo, commit, file] = github;
    return { label: `${file.split("/").pop()} in ${repo} (GitHub)`, href: `https://github.com/${repo}/blob/${commit}/${file}` };
  }
  try {
    const url = new URL(source);
    if (url.protocol === "https:" || url.protocol === "http:") {
      const label = `${url.hostname.replace(/^www\./, "")}${url.pathname.replace(/\/$/, "")}`;
      return { label: label.length > 70 ? `${label.slice(0, 69)}…` : label, href: url.href };
    }
  } catch {
    // not a URL: described below
  }
  return { label: source.replace(/^github-index-file:/, "GitHub file "), href: null };
}
