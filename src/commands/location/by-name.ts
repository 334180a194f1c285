// The rule of the verbs that take one location (get, update, delete), as their --help says it.
// Imports nothing: the verbs declare it at start-up.
export const BY_NAME_NOTE = `A name resolves as inventory set --location resolves it: digits are an id, else the exact
name (ignoring case), else the only partial match; anything else exits 2 listing the
matches, and nothing is sent.
`;
