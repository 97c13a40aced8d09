/** Chunked upload (spec 001 sections 7 and 9): 10,240-byte chunks sent in order, ChunkNumber from 1. */
import { api } from '@/lib/api-client';
import type { Answer } from '@/types/contract';

const CHUNK_SIZE = 10_240;
const UPLOAD_PATH = '/file-manager/api/v1/files/upload-chunk';

/** One chunk's answer, as the server's OpenAPI document declares it. */
type UploadAnswer = Answer<'files_upload_chunk'>;

function chunkCount(size: number): number {
  return Math.max(1, Math.ceil(size / CHUNK_SIZE));
}

/** Uploads `file` and resolves with the stored file id; `onProgress` gets 0-100. Stops at the first failed chunk. */
export async function uploadInChunks(
  file: Blob & { name?: string },
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ fileId: string; fileName: string }> {
  const total = chunkCount(file.size);
  const fileId = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  let answer: UploadAnswer | null = null;
  onProgress(0);
  for (let number = 1; number <= total; number += 1) {
    const chunk = file.slice((number - 1) * CHUNK_SIZE, number * CHUNK_SIZE);
    const form = new FormData();
    form.append('TotalChunks', String(total));
    form.append('ChunkNumber', String(number));
    form.append('FileId', fileId);
    form.append('File', chunk, file.name ?? 'file');
    answer = await api.postForm<UploadAnswer>(UPLOAD_PATH, form, { signal });
    onProgress(Math.round((number / total) * 100));
  }
  if (!answer?.filePath) throw new Error('Upload incomplete');
  return { fileId: answer.filePath, fileName: answer.fileName ?? file.name ?? 'file' };
}
