/**
 * zod compiles object schemas with `new Function` unless told not to; the Content-Security-Policy
 * (script-src 'self') refuses that, and the browser reports each refusal as an error. zod keeps its
 * settings on `globalThis.__zod_globalConfig` and adopts an object already there, so setting it here
 * turns the compiler off for the zod that the forms and the live events load later, without putting
 * zod itself into the first page load. zod-jitless.test.ts holds zod to that.
 */
export function makeZodJitless(): void {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
