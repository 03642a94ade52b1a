/** A file of a directory the user chose, with its path under that directory's parent. */
export interface ChosenFile {
  /** `webkitRelativePath`: `1.0.0/chart/values.yaml` for a chosen directory `1.0.0`. */
  relativePath: string;
  content: Uint8Array;
}

/** What {@link packDriverDirectory} made of a chosen directory. */
export interface PackedDriverDirectory {
  /** The chosen directory's name. */
  directory: string;
  fileCount: number;
  /** Base64 of the bundle archive, as `loadDriver`'s UPLOAD source takes it. */
  archive: string;
  /** The archive's size in bytes. */
  bytes: number;
}

const bytesOf = (text: string) => new TextEncoder().encode(text);

/** Byte order of the UTF-8 paths: the order of the bundle and of its digest. */
function byteOrder(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      return a[i] - b[i];
    }
  }
  return a.length - b.length;
}

async function gzip(data: Uint8Array): Promise<Uint8Array> {
  const stream = new CompressionStream('gzip');
  const writer = stream.writable.getWriter();
  void writer.write(data);
  void writer.close();
  const chunks: Uint8Array[] = [];
  const reader = stream.readable.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
  }
  return concat(chunks);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}

function toBase64(data: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < data.length; i += 0x8000) {
    binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * The files of a driver version's directory, chosen in the browser, as the bundle archive
 * that `styrminctl drivers load <dir>` sends (the server's packDriverBundle format): each
 * file by its POSIX path inside the directory, in byte order of the paths, as path, NUL,
 * byte length, NUL, content, all gzipped. Hidden files and folders (`.git`) stay out: no
 * driver reads them. The server validates the files itself and keeps only those the
 * driver version reads, so it digests them as it would the same directory sent by
 * styrminctl.
 */
export async function packDriverDirectory(
  files: ChosenFile[],
): Promise<PackedDriverDirectory> {
  const [directory = ''] = files[0]?.relativePath.split('/') ?? [];
  const entries = files
    .map(file => ({
      path: file.relativePath.split('/').slice(1),
      content: file.content,
    }))
    .filter(
      ({ path }) =>
        path.length > 0 && !path.some(segment => segment.startsWith('.')),
    )
    .map(({ path, content }) => ({ path: bytesOf(path.join('/')), content }))
    .sort((a, b) => byteOrder(a.path, b.path));
  const serialized = concat(
    entries.flatMap(({ path, content }) => [
      path,
      bytesOf(`\0${content.length}\0`),
      content,
    ]),
  );
  const archive = await gzip(serialized);
  return {
    directory,
    fileCount: entries.length,
    archive: toBase64(archive),
    bytes: archive.length,
  };
}

function readBytes(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** The files of a directory input (`webkitdirectory`), read. */
export function readChosenFiles(files: FileList): Promise<ChosenFile[]> {
  return Promise.all(
    Array.from(files).map(async file => ({
      relativePath: file.webkitRelativePath || file.name,
      content: await readBytes(file),
    })),
  );
}
