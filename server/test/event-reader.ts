/** Server-sent events, read frame by frame from one open response (GET /api/live in API tests). */
export class EventReader {
  private buffer = "";
  private frames: string[] = [];
  private readonly decoder = new TextDecoder();
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  /** The data of the next event named `event` (others stay for later calls), or throws after `ms`. */
  async next(event: string, ms = 5000): Promise<unknown> {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = this.frames.findIndex((f) => f.split("\n").includes(`event: ${event}`));
      if (index >= 0) {
        const [frame] = this.frames.splice(index, 1);
        const data = frame?.split("\n").find((l) => l.startsWith("data: "));
        return JSON.parse(data?.slice(6) ?? "null");
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${event} within ${ms} ms`);
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
      ]);
      if (chunk === null) throw new Error(`no ${event} within ${ms} ms`);
      if (chunk.done) throw new Error("the stream ended");
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
      const parts = this.buffer.split("\n\n");
      this.buffer = parts.pop() ?? "";
      this.frames.push(...parts);
    }
  }
}
