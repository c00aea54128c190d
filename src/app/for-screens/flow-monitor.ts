/**
 * Live state of the machines running in this page, for the /flows page (auditors watch a
 * flow in one tab while clicking through the portal in another). Every running screen
 * machine reports its state here; the report also crosses tabs on a BroadcastChannel.
 */
export interface FlowReport {
  machine: string;
  state: string;
  at: number;
}

const CHANNEL = 'portal-flows';
const channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
const listeners = new Set<(r: FlowReport) => void>();

/** A state value as a dotted path: "editing", or "parent.child" for nested states. */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0] ?? ['', ''];
  const rest = stateName(inner);
  return rest ? `${key}.${rest}` : key;
}

export function reportState(machine: string, value: unknown): void {
  const report = { machine, state: stateName(value), at: Date.now() };
  listeners.forEach((l) => l(report));
  channel?.postMessage(report);
}

/** Listens to reports from this page and from the other tabs of the portal. */
export function onFlowReport(listener: (r: FlowReport) => void): () => void {
  listeners.add(listener);
  const own = channel ? new BroadcastChannel(CHANNEL) : null;
  if (own) own.onmessage = (e: MessageEvent<FlowReport>) => listener(e.data);
  return () => {
    listeners.delete(listener);
    own?.close();
  };
}
