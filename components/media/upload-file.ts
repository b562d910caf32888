// The browser side of an upload, the same three steps the API documents: reserve, PUT the
// bytes to the signed URL with exactly the required headers (progress from XHR), confirm.
export type UploadStep = "converting" | "reserving" | "uploading" | "confirming" | "done" | "error" | "refused";

export type Reservation = { fileKey: string; uploadUrl: string; requiredHeaders: Record<string, string> };

export function putFile(reservation: Reservation, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", reservation.uploadUrl);
    for (const [name, value] of Object.entries(reservation.requiredHeaders)) {
      // Browsers send Content-Length themselves (it is a forbidden header); it equals the file size.
      if (name.toLowerCase() !== "content-length") xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message = `Upload failed (HTTP ${xhr.status})`;
      try {
        message = (JSON.parse(xhr.responseText) as { error?: { message?: string } }).error?.message ?? message;
      } catch {
        // not our JSON envelope (an S3 error document)
      }
      reject(new Error(message));
    };
    xhr.onerror = () => reject(new Error("The upload was interrupted (network error)"));
    xhr.send(file);
  });
}

export function mediaTypeOf(file: File): "IMAGE" | "VIDEO" {
  return file.type === "image/jpeg" || /\.jpe?g$/i.test(file.name) ? "IMAGE" : "VIDEO";
}

export function contentTypeOf(file: File): "video/mp4" | "video/quicktime" | "image/jpeg" {
  if (file.type === "video/quicktime" || /\.mov$/i.test(file.name)) return "video/quicktime";
  if (mediaTypeOf(file) === "IMAGE") return "image/jpeg";
  return "video/mp4";
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
