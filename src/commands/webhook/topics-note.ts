// The documented topics, as the help of the subscription verbs lists them.
import { DOCUMENTED_TOPICS } from '../../webhooks/wire.js';

/** Groups the topics by noun, one noun a line: `orders/create|update|...`. */
function grouped(): string {
  const byNoun = new Map<string, string[]>();
  for (const topic of DOCUMENTED_TOPICS) {
    const [noun, verb] = topic.split('/') as [string, string];
    byNoun.set(noun, [...(byNoun.get(noun) ?? []), verb]);
  }
  return [...byNoun].map(([noun, verbs]) => `  ${noun}/${verbs.join('|')}`).join('\n');
}

export const TOPICS_NOTE = `The topics the store documents (the sandbox sends the products/* ones):\n${grouped()}\n`;
