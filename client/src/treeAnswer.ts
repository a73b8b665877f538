/**
 * How soon a tree view's rows are answered. VS Code's tree views batch the `getChildren` calls
 * made in one tick, and each call of a batch collects its answer from its own `setTimeout(0)`,
 * by its place in the batch. When the answer to a batch comes back before those timers have all
 * fired, and its rows are expanded, the tree already asks for their rows in a new batch; the
 * timers still to fire then read the new batch instead of their own. A row is drawn with another
 * row's children, or with none, and stays so until the next redraw (the race described in
 * microsoft/vscode#243911, not merged as of VS Code 1.10x). In the browser workbench, whose
 * extension host is a Web Worker on another core, our answers came back that soon: the Agent
 * Files view drew a plugin's parts under `.agents/skills` and left `.claude/skills` empty.
 *
 * An answer given no sooner than a few milliseconds after the question arrives after those
 * timers: they were due when the batch was sent. A tree's rows a few milliseconds later are not
 * noticed; a wrong tree is. It is not enough on its own: a main thread busy for longer than the
 * hold runs timers that fell due during it after a message that arrived during it (a CI run
 * failed so), which is why the Skills view also draws only one level of rows expanded
 * (skillsTree.ts `groupItem`): then no answer makes the tree ask for more rows while a batch is
 * still handed out. Pure: the clock is injected.
 */
import { SYSTEM_CLOCK, type Clock } from './clock';

/** How long an answer is held at least: well past the timers, well under what a person notices. */
export const MIN_ANSWER_MS = 25;

/** The value of `answer`, or its failure, no sooner than `ms` after the call. */
export async function answerNoSoonerThan<T>(answer: Promise<T>, ms = MIN_ANSWER_MS, clock: Clock = SYSTEM_CLOCK): Promise<T> {
  const held = new Promise<void>((resolve) => clock.setTimeout(resolve, ms));
  // A failure is held too: it answers the batch just as a value does.
  const [result] = await Promise.allSettled([answer, held]);
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
