// PNG, WebP and HEIC photos become JPEG in the browser before upload (the API stores JPEG only).
// PNG and WebP decode natively (createImageBitmap) and are drawn on a canvas over white, since JPEG
// has no transparency. HEIC, which browsers other than Safari cannot decode, goes through heic-to
// (libheif compiled to WebAssembly, bundled: no network), loaded only when a HEIC file is dropped.
const QUALITY = 0.9;

export function jpegName(name: string): string {
  return `${name.replace(/\.[a-z0-9]+$/i, "")}.jpg`;
}

async function canvasToJpeg(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement("canvas");
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("This browser cannot draw images");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(bitmap, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("This browser could not encode a JPEG"))), "image/jpeg", QUALITY),
    );
  } finally {
    bitmap.close();
  }
}

async function heicToJpeg(file: Blob): Promise<Blob> {
  const { heicTo } = await import("heic-to");
  return heicTo({ blob: file, type: "image/jpeg", quality: QUALITY });
}

export async function convertToJpeg(file: File, from: "png" | "webp" | "heic"): Promise<File> {
  let jpeg: Blob;
  try {
    jpeg = from === "heic" ? await heicToJpeg(file) : await canvasToJpeg(file);
  } catch {
    throw new Error(`“${file.name}” could not be read as a ${from.toUpperCase()} image: the file may be damaged. Export it again, or as a JPEG.`);
  }
  return new File([jpeg], jpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified });
}
