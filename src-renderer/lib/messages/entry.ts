// What the page says when it refuses a typed value (lib/field-entry.ts): the field's own name,
// what a good value looks like, and the value the field went back to.
export const en = {
  'entry.empty': '{field} needs a number.',
  'entry.notNumber': '{field}: “{text}” is not a number.',
  'entry.notWhole': '{field} takes whole numbers only.',
  'entry.range': '{field} must be from {min} to {max}.',
  'entry.tooSmall': '{field} must be {min} or more.',
  'entry.tooLarge': '{field} must be {max} or less.',
  'entry.huge': '{field}: that number is too large.',
  'entry.blankName': '{field} cannot be blank.',
  'entry.nameTooLong': '{field} takes at most {max} characters.',
  'entry.kept': 'It stays {value}.',
  'entry.withKept': '{reason} {kept}',
  'entry.keptBlank': 'It stays blank.',
  'entry.dismiss': 'Dismiss',
} as const

export const ja = {
  'entry.empty': '{field}には数値を入力してください。',
  'entry.notNumber': '{field}：「{text}」は数値ではありません。',
  'entry.notWhole': '{field}は整数で入力してください。',
  'entry.range': '{field}は {min} から {max} までです。',
  'entry.tooSmall': '{field}は {min} 以上です。',
  'entry.tooLarge': '{field}は {max} 以下です。',
  'entry.huge': '{field}：数値が大きすぎます。',
  'entry.blankName': '{field}は空にできません。',
  'entry.nameTooLong': '{field}は {max} 文字までです。',
  'entry.kept': '{value} のままです。',
  'entry.withKept': '{reason}{kept}',
  'entry.keptBlank': '空欄のままです。',
  'entry.dismiss': '閉じる',
} satisfies Record<keyof typeof en, string>
