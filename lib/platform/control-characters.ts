/**
 * Whether a text holds a control character (C0: U+0000 to U+001F, DEL, C1: U+0080 to U+009F)
 * other than those `allowed`. Nothing a person types holds one; a NUL cannot even be stored.
 */
export const holdsControlCharacter = (text: string, allowed = "") =>
  [...text].some((char) => (char < "\u0020" || (char >= "\u007f" && char <= "\u009f")) && !allowed.includes(char));
