// The session's two cookies (SECURITY.md #2): the HttpOnly JWT, and the readable one that tells the
// browser who is signed in and until when. Their names alone, for code that must not load the
// session machinery (the Pages Function, worker/platform/served-documents.ts).
export const TOKEN_COOKIE = 'token';
export const INFO_COOKIE = 'infosesion';
