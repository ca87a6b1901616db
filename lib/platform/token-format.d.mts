export const TOKEN_PATTERN: RegExp;
