/** The parts of the `smpp` package (0.5) the portal uses: it ships no types. */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';

  export interface PDU {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
  }
  export type Callback = (pdu: PDU) => void;

  export class Session extends EventEmitter {
    send(pdu: PDU, callback?: Callback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(fields: Record<string, unknown>, callback?: Callback): boolean;
    submit_sm(fields: Record<string, unknown>, callback?: Callback): boolean;
    deliver_sm(fields: Record<string, unknown>, callback?: Callback): boolean;
    unbind(fields?: Record<string, unknown>, callback?: Callback): boolean;
    readonly closed?: boolean;
  }
  export interface PduConstructor {
    new (command: string, fields?: Record<string, unknown>): PDU;
  }
  export const PDU: PduConstructor;
  export interface Server extends EventEmitter {
    listen(port: number, host: string, callback?: () => void): this;
    close(callback?: () => void): void;
    address(): { port: number } | string | null;
  }
  export function connect(
    options: { host: string; port: number; tls?: boolean; auto_enquire_link_period?: number },
    listener?: () => void,
  ): Session;
  export function createServer(options: Record<string, unknown>, listener?: (session: Session) => void): Server;
  export const gsmCoder: {
    GSM: { charRegex: RegExp; extChars: string };
    encode(text: string, shift: number): Buffer;
    decode(bytes: Buffer, shift: number): string;
  };
  export const consts: {
    ESM_CLASS: Record<string, number>;
    ENCODING: Record<string, number>;
    REGISTERED_DELIVERY: Record<string, number>;
  };
  export const errors: Record<string, number>;
}
