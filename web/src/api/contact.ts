import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, ContactResponse } from '../../../contract/contact';
import { apiFetch } from './client';

/** `POST /api/utils/contact` (spec §7 Utilities): stores the message and notifies support. */
export const sendContactMessage = (body: ContactRequest) =>
  apiFetch<ContactResponse>('/utils/contact', { method: 'POST', body });

/** The contact form's submit (spec §4 Contact: submitting, then success or error). */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
