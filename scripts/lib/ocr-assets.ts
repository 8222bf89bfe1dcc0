/**
 * The scanner's tesseract.js files (worker, WebAssembly engines, English data), served from the
 * app's own origin instead of tesseract's CDN: copied from node_modules into the build (about 15 MB,
 * so never into git), or served from there by the dev server. The plugin defines
 * `import.meta.env.VITE_OCR_ASSETS`; the accuracy test and the bench use `ocrNodePaths`.
 */
import { copyFileSync, createReadStream, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The files, by their path under the OCR folder, with where each comes from in node_modules. */
export function ocrAssetFiles(root: string): Record<string, string> {
  const modules = resolve(root, 'node_modules');
  const core = join(modules, 'tesseract.js-core');
  return {
    'worker.min.js': join(modules, 'tesseract.js', 'dist', 'worker.min.js'),
    'core/tesseract-core-lstm.wasm.js': join(core, 'tesseract-core-lstm.wasm.js'),
    'core/tesseract-core-simd-lstm.wasm.js': join(core, 'tesseract-core-simd-lstm.wasm.js'),
    'core/tesseract-core-relaxedsimd-lstm.wasm.js': join(
      core,
      'tesseract-core-relaxedsimd-lstm.wasm.js',
    ),
    'lang/eng.traineddata.gz': join(
      modules,
      '@tesseract.js-data',
      'eng',
      '4.0.0_best_int',
      'eng.traineddata.gz',
    ),
  };
}

function versionOf(root: string, name: string): string {
  const file = resolve(root, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The folder under the build, named by the versions so a new one never meets an old cache. */
export function ocrAssetDir(root: string): string {
  const versions = [
    versionOf(root, 'tesseract.js'),
    versionOf(root, 'tesseract.js-core'),
    versionOf(root, '@tesseract.js-data/eng'),
  ];
  return `assets/ocr-${versions.join('-')}`;
}

/** Where tesseract.js finds its engine and English data when it runs in Node (tests, bench). */
export function ocrNodePaths(root: string): { langPath: string } {
  return {
    langPath: resolve(root, 'node_modules', '@tesseract.js-data', 'eng', '4.0.0_best_int'),
  };
}

export function ocrAssets(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'ocr-assets',
    config(config) {
      const dir = ocrAssetDir(resolve(config.root ?? process.cwd()));
      const base = config.base ?? '/';
      return {
        define: { 'import.meta.env.VITE_OCR_ASSETS': JSON.stringify(`${base}${dir}/`) },
      };
    },
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const dir = `/${ocrAssetDir(root)}/`;
      const files = ocrAssetFiles(root);
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        const source = path.startsWith(dir) ? files[path.slice(dir.length)] : undefined;
        if (source === undefined) return next();
        res.writeHead(200, {
          'Content-Type': source.endsWith('.js') ? 'text/javascript' : 'application/octet-stream',
          'Content-Length': statSync(source).size,
        });
        createReadStream(source).pipe(res);
      });
    },
    writeBundle() {
      const dir = join(outDir, ocrAssetDir(root));
      for (const [name, source] of Object.entries(ocrAssetFiles(root))) {
        const target = join(dir, name);
        mkdirSync(join(target, '..'), { recursive: true });
        copyFileSync(source, target);
      }
    },
  };
}
