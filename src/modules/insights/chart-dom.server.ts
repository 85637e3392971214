import 'server-only';
import { EventTarget, parseHTML } from 'linkedom';

/**
 * The one door to linkedom's internals (docs/decisions/0444-chart-nodes-without-listener-maps.md). linkedom gives
 * every node it makes an empty Map of event listeners, kept in a module-wide WeakMap: a year's charts make thousands of
 * nodes a page, and those maps were a third of the drawing's time and much of its garbage. A chart drawn on the server
 * never has a listener (Plot adds them only for pointer interactions, which the dashboard does not use), so on the fast
 * path linkedom's Node class is made to extend a parent with no constructor: nodes are made without the map, and a
 * listener added to one throws. CHARTS_FAST_PATH=off draws with linkedom as shipped; the SVG is the same either way.
 *
 * ASSUMPTION (linkedom 0.18): every node's class chain reaches the exported EventTarget through one class, Node, whose
 * constructor calls EventTarget's, and nothing else in a static drawing reads the listener map.
 */

export const ASSUMPTION =
  'linkedom: a node’s class chain reaches the exported EventTarget through one class (Node), whose constructor is the only one to call EventTarget’s';

/** Nodes made after this have no listener map: adding a listener says so rather than failing obscurely. */
class NodeWithoutListeners {
  addEventListener(): never {
    throw new Error('A chart drawn on the server keeps no event listeners (src/modules/insights/chart-dom.server.ts).');
  }
  removeEventListener() {}
  dispatchEvent(): boolean {
    return true;
  }
}
Object.setPrototypeOf(NodeWithoutListeners.prototype, EventTarget.prototype);

const EVENT_TARGET_PROTOTYPES: object[] = [EventTarget.prototype, NodeWithoutListeners.prototype];

/** linkedom's Node class: the class in an element's chain whose prototype's parent is EventTarget's (or ours). */
export function linkedomNodeClass(): (abstract new (...args: never[]) => object) | undefined {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  let proto: object | null = Object.getPrototypeOf(document.createElement('div'));
  while (proto && !EVENT_TARGET_PROTOTYPES.includes(Object.getPrototypeOf(proto))) proto = Object.getPrototypeOf(proto);
  return proto ? (proto.constructor as abstract new (...args: never[]) => object) : undefined;
}

let fastPath: boolean | undefined;

/** Turns the fast path on or off for the nodes made from now on (the process's charts are drawn one at a time). */
export function setChartFastPath(on: boolean): void {
  if (fastPath === on) return;
  const Node = linkedomNodeClass();
  if (!Node) throw new Error(`The chart DOM's fast path cannot find its class: ${ASSUMPTION}. Set CHARTS_FAST_PATH=off.`);
  // The constructor's parent is what `super()` calls; the prototype's parent is where a node's methods come from.
  Object.setPrototypeOf(Node, on ? NodeWithoutListeners : EventTarget);
  Object.setPrototypeOf(Node.prototype, on ? NodeWithoutListeners.prototype : EventTarget.prototype);
  fastPath = on;
}

/** A fresh document for one drawing. */
export function chartDocument(fast: boolean): Document {
  setChartFastPath(fast);
  return parseHTML('<!doctype html><html><body></body></html>').document as unknown as Document;
}
