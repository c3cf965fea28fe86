// The appwrite SDK's compiled enums and static members made droppable, so the bundle keeps only what the app uses.
import type { Plugin } from 'vite';

/**
 * Lets the bundler drop what a dependency exports but the app never uses, where TypeScript's output hides it. An enum
 * compiles to `var E; (function (E) { E["A"] = "a"; … })(E || (E = {}));`, and a class's static members to
 * `class C { … }` followed by `C.make = …;`: a bundler must keep both, since they write to a variable or an object. The
 * appwrite SDK exports 18 such enums (every time zone, every flag, every OAuth provider…), about a fifth of its code,
 * and helper classes with static members (Operator). Each is rewritten as a pure call returning the same enum object
 * or class, so it stays as it was where used and goes where not: `var E = /*#__PURE__*\/ (function (E) { … return E; })({});`,
 * `const C = /*#__PURE__*\/ (() => { class C { … } C.make = …; return C; })();`. Only an enum declared once is
 * rewritten (a declaration merged over several blocks stays). Line for line the same, so positions stay where they were.
 */
export function treeShakeCompiledDeclarations(modules = /\/node_modules\/appwrite\/dist\/esm\/sdk\.js$/): Plugin {
  const enumBlock = /^var (\w+);\n\(function \(\1\) \{\n([\s\S]*?)\n\}\)\(\1 \|\| \(\1 = \{\}\)\);$/gm;
  const pureEnums = (code: string) => {
    const declared = new Map<string, number>();
    for (const m of code.matchAll(/^var (\w+);$/gm)) declared.set(m[1]!, (declared.get(m[1]!) ?? 0) + 1);
    return code.replace(enumBlock, (block, name: string, body: string) =>
      declared.get(name) === 1 ? `var ${name} =\n/*#__PURE__*/ (function (${name}) {\n${body}\nreturn ${name}; })({});` : block,
    );
  };
  const pureClassStatics = (code: string) => {
    const lines = code.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const name = /^class (\w+)(?: extends [\w$.]+)? \{$/.exec(lines[i]!)?.[1];
      if (!name) continue;
      let k = lines.indexOf('}', i + 1) + 1;
      if (k === 0) continue;
      let statics = false;
      // The class's static members follow it, between comments: `C.x = …;`, continued on indented lines or lines
      // closing a bracket. Any other statement ends them.
      for (; k < lines.length; k++) {
        const line = lines[k]!;
        if (line.startsWith(`${name}.`)) statics = true;
        else if (!/^(?:$|\s|[})\]/])/.test(line)) break;
      }
      if (!statics || k === lines.length) continue;
      lines[i] = `const ${name} = /*#__PURE__*/ (() => { ${lines[i]}`;
      lines[k] = `return ${name}; })(); ${lines[k]}`;
      i = k;
    }
    return lines.join('\n');
  };
  return {
    name: 'tree-shake-compiled-declarations',
    apply: 'build',
    transform: {
      filter: { id: modules },
      handler(code) {
        const out = pureClassStatics(pureEnums(code));
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}
