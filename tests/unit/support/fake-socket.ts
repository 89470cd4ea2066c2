import type { SocketLike } from '../../../src/lib/connection/link';

/** A scripted WebSocket: the test opens it, feeds frames and closes it. */
export class FakeSocket implements SocketLike {
	readyState = 0;
	/** Bytes "not yet sent": a test sets it to hold an upload in its backpressure wait. */
	bufferedAmount = 0;
	binaryType: BinaryType = 'blob';
	onopen: ((ev: Event) => void) | null = null;
	onmessage: ((ev: MessageEvent) => void) | null = null;
	onclose: ((ev: CloseEvent) => void) | null = null;
	onerror: ((ev: Event) => void) | null = null;
	readonly sent: Record<string, unknown>[] = [];
	/** Binary frames sent (copies), in order. */
	readonly binary: Uint8Array[] = [];
	closedWith: number | undefined;

	constructor(readonly url: string) {}

	send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
		if (typeof data === 'string') this.sent.push(JSON.parse(data) as Record<string, unknown>);
		else if (ArrayBuffer.isView(data)) {
			this.binary.push(new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice());
		} else if (data instanceof ArrayBuffer) this.binary.push(new Uint8Array(data).slice());
	}

	close(code = 1000): void {
		this.closedWith ??= code;
		this.readyState = 3;
	}

	/** Server side: the socket opened. */
	open(): void {
		this.readyState = 1;
		this.onopen?.(new Event('open'));
	}

	/** Server side: deliver a frame (object → JSON, string as is). */
	receive(frame: object | string): void {
		const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
		this.onmessage?.({ data } as MessageEvent);
	}

	/** Server side: deliver a binary frame. */
	receiveBinary(bytes: Uint8Array): void {
		this.onmessage?.({ data: bytes.slice().buffer } as MessageEvent);
	}

	/** Server side: the connection ended. */
	drop(code = 1006, reason = ''): void {
		this.readyState = 3;
		this.onclose?.({ code, reason, wasClean: code !== 1006 } as CloseEvent);
	}

	/** Types of the frames sent so far. */
	get sentTypes(): string[] {
		return this.sent.map((f) => f.type as string);
	}
}
