import path from "node:path";
import { type Plugin, parseAst } from "vite";

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** Where each call or `new` in `node` starts, not looking into function bodies (they run later). */
function callStarts(node: Node, into: Set<number>): void {
  if (
    node.type === "ArrowFunctionExpression" ||
    node.type === "FunctionExpression" ||
    node.type === "FunctionDeclaration" ||
    node.type === "ClassBody"
  ) {
    return;
  }
  if (node.type === "CallExpression" || node.type === "NewExpression") into.add(node.start);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) callStarts(item, into);
    } else if (isNode(value)) {
      callStarts(value, into);
    }
  }
}

/** The initializers of a module's top-level `const`/`let` declarations, exported or not. */
function topLevelInitializers(program: { body: Node[] }): Node[] {
  return program.body.flatMap((statement) => {
    const declaration =
      statement.type === "ExportNamedDeclaration" && isNode(statement.declaration)
        ? statement.declaration
        : statement;
    if (declaration.type !== "VariableDeclaration") return [];
    return (declaration.declarations as Node[]).flatMap((d) => (isNode(d.init) ? [d.init] : []));
  });
}

/**
 * Marks the calls in core/'s top-level declarations as pure for the client build, so a page that
 * imports one constant from a contract module (say CSRF_COOKIE from contracts/accounts.ts) does
 * not also get every zod schema declared beside it, and zod itself with them (about 20 kB
 * compressed). The bundler keeps any of them the page does use.
 *
 * This holds because core's module-level values are declarations: building a schema, a table or
 * a list changes nothing else. Statements that do act (a top-level `z.config(...)`, say) are left
 * alone, as are function bodies. The server runs core as written.
 */
export function pureCore(coreDir: string): Plugin {
  const root = `${path.resolve(coreDir)}${path.sep}`;
  return {
    name: "tradewinds:pure-core",
    apply: "build",
    transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (!file.startsWith(root) || /\.test\.[cm]?[jt]sx?$/.test(file)) return null;
      // Vite has turned the TypeScript into JavaScript by now.
      const program = parseAst(code) as unknown as { body: Node[] };
      const starts = new Set<number>();
      for (const init of topLevelInitializers(program)) callStarts(init, starts);
      if (starts.size === 0) return null;
      let out = "";
      let last = 0;
      for (const start of [...starts].sort((a, b) => a - b)) {
        out += `${code.slice(last, start)}/*#__PURE__*/ `;
        last = start;
      }
      out += code.slice(last);
      return { code: out, map: null };
    },
  };
}
