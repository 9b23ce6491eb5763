import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailEvent,
  EmailTemplate,
  EmailTemplateList,
  RenderedEmail,
  TemplateParts,
} from '@contract/email-templates';
import type { Locale } from '@contract/locales';
import { call, keyOf } from './call';
import { apiOf } from './routes';

const emailTemplatesApi = apiOf('emailTemplatesApi');

/** Hooks of the admin's email templates. */
export type { EmailTemplate, EmailTemplateList, RenderedEmail, TemplateParts };

interface Target {
  event: EmailEvent;
  locale: Locale;
}

export function useEmailTemplates() {
  return useQuery({
    queryKey: keyOf(emailTemplatesApi.list),
    queryFn: ({ signal }) => call(emailTemplatesApi.list, {}, { signal }),
  });
}

export function useEmailTemplate(params: Target) {
  return useQuery({
    queryKey: keyOf(emailTemplatesApi.get, { params }),
    queryFn: ({ signal }) => call(emailTemplatesApi.get, { params }, { signal }),
  });
}

export function usePreviewTemplate(params: Target) {
  return useMutation({ mutationFn: (body: TemplateParts) => call(emailTemplatesApi.preview, { params, body }) });
}

/** Save and reset answer the template as it now is: the editor and the list take it at once. */
function useTemplateChange<B>(params: Target, send: (body: B) => Promise<EmailTemplate & { message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (template) => {
      queryClient.setQueryData(keyOf(emailTemplatesApi.get, { params }), template);
      void queryClient.invalidateQueries({ queryKey: keyOf(emailTemplatesApi.list) });
    },
  });
}

export function useSaveTemplate(params: Target) {
  return useTemplateChange(params, (body: TemplateParts & { baseVersion: number }) =>
    call(emailTemplatesApi.save, { params, body }),
  );
}

export function useResetTemplate(params: Target) {
  return useTemplateChange(params, (baseVersion: number) =>
    call(emailTemplatesApi.reset, { params, body: { baseVersion } }),
  );
}

export function useSendTestTemplate(params: Target) {
  return useMutation({ mutationFn: (body: TemplateParts) => call(emailTemplatesApi.sendTest, { params, body }) });
}
