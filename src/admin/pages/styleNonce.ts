import { EditorView } from '@codemirror/view';
import { CSP_NONCE_META } from '../../shared/siteData';

/**
 * CodeMirror's styles go into <style> elements, which the admin screens' CSP allows only with
 * the nonce the server put in this document (none in the development server, which sets no CSP).
 */
export const styleNonce = () =>
  EditorView.cspNonce.of(document.querySelector<HTMLMetaElement>(`meta[name="${CSP_NONCE_META}"]`)?.content ?? '');
