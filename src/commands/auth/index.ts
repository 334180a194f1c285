// The `auth` noun: a store's base URL and token saved under a profile, shown, checked, chosen
// as the default and forgotten; the verbs in the order `auth --help` lists them.
import type { Noun } from '../types.js';
import list from './list.js';
import login from './login.js';
import logout from './logout.js';
import status from './status.js';
import switchVerb from './switch.js';
import token from './token.js';

export const auth: Noun = {
  name: 'auth',
  summary: 'Log in to a store, show the credentials and profiles, switch the default profile, print the token, log out',
  verbs: [login, status, list, switchVerb, token, logout],
};
