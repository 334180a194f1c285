// DNS rebinding: a web page on attacker.example whose name is made to resolve to 127.0.0.1
// reaches the sandbox from the browser, same-origin for the page, and can drive it with a
// token it knows or guesses (the docs' examples use `secret`). What such a request cannot
// hide is its Host header, which names the attacker's domain: the sandbox answers only
// requests addressed to it by the address it listens on or a loopback name.
import { networkInterfaces } from 'node:os';

/** `localhost`, `*.localhost`, `127.x.x.x`, `::1`: names that always mean this machine. */
export function isLoopbackName(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** Whether the sandbox bound to `bind` is reachable only from this machine. */
export function isLoopbackBind(bind: string): boolean {
  return isLoopbackName(bind.replace(/^\[|\]$/g, ''));
}

/** The host name of a Host header (`[::1]:8080` -> `::1`, `Example.COM.:80` -> `example.com`). */
export function hostnameOf(header: string): string {
  const trimmed = header.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(trimmed);
  const name = bracketed ? (bracketed[1] ?? '') : trimmed.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

/**
 * The Host names a sandbox bound to `bind` answers: loopback names always, the bind address
 * (or name) itself, and for a wildcard bind (0.0.0.0, ::) this machine's interface addresses.
 */
export function hostAllowance(bind: string): (header: string | undefined) => boolean {
  const own = new Set([hostnameOf(bind)]);
  if (bind === '0.0.0.0' || bind === '::' || bind === '[::]') {
    for (const addresses of Object.values(networkInterfaces())) for (const address of addresses ?? []) own.add(address.address.toLowerCase());
  }
  // No Host at all (HTTP/1.0 from a script) is no browser's request.
  return (header) => {
    if (header === undefined) return true;
    const name = hostnameOf(header);
    return isLoopbackName(name) || own.has(name);
  };
}
