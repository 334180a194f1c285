import type { Noun } from '../types.js';
import * as list from './list.js';
import * as login from './login.js';
import * as logout from './logout.js';
import * as status from './status.js';
import * as switchVerb from './switch.js';
import * as token from './token.js';

export const auth: Noun = {
  name: 'auth',
  summary: 'Log in to a store, show the credentials and profiles, switch the default profile, print the token, log out',
  verbs: [login, status, list, switchVerb, token, logout],
};
