import { useMutation } from '@tanstack/react-query';
import { reportFileName, type ReportKind, type ReportPeriod } from '@contract/reports';
import { isErrorCode } from '@contract/errors';
import { hrefOf } from './call';
import { ApiError } from './client';
import { apiOf } from './routes';

const reportsApi = apiOf('reportsApi');

/** The server's `filename="…csv"`, else the same name made here. */
function fileNameOf(response: Response, kind: ReportKind, period: ReportPeriod): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? reportFileName(kind, period, new Date());
}

/** Hands a blob to the browser as a download. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a CSV report with the session cookie and saves it as {kind}-report-{period}-{day}.csv. */
export async function downloadReport(kind: ReportKind, period: ReportPeriod): Promise<string> {
  let response: Response;
  try {
    response = await fetch(hrefOf(reportsApi.csv, { params: { kind }, query: { period } }), {
      credentials: 'include',
      headers: { Accept: 'text/csv' },
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiError(
      response.status,
      body?.code && isErrorCode(body.code) ? body.code : 'HTTP_ERROR',
      body?.message ?? `Request failed with status ${response.status}`,
      undefined,
      Boolean(body?.message),
    );
  }
  const fileName = fileNameOf(response, kind, period);
  saveBlob(await response.blob(), fileName);
  return fileName;
}

export function useDownloadReport() {
  return useMutation({
    mutationFn: ({ kind, period }: { kind: ReportKind; period: ReportPeriod }) => downloadReport(kind, period),
  });
}
