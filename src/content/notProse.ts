/** Keys whose values name something rather than say it: addresses, files, icons, block types, numbers. */
export const NOT_PROSE: ReadonlySet<string> = new Set([
  'to',
  'src',
  'icon',
  'type',
  'id',
  'form',
  'phone',
  'email',
  'whatsapp',
  'postalCode',
  'country',
  'opens',
  'closes',
  'url',
  'published',
  'checked',
]);
