import type { Noun } from '../types.js';
import * as login from './login.js';
import * as logout from './logout.js';
import * as status from './status.js';

export const auth: Noun = {
  name: 'auth',
  summary: 'log in to a store, show the credentials in use, log out',
  verbs: [login, status, logout],
};
