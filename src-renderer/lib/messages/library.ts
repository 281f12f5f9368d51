// The campaign list: rename, delete to the trash, restore, import conflicts, files the app will
// not open (issues 11.5, 12.14).
export const en = {
  'campaigns.rename': 'Rename',
  'campaigns.renameLabel': 'New name for “{name}”',
  'campaigns.save': 'Save',
  'campaigns.cancel': 'Cancel',
  'campaigns.delete': 'Delete',
  'campaigns.deleteConfirm':
    'Delete “{name}”? It moves to the trash with its backups; you can restore it from there.',
  'campaigns.trash': 'Trash ({count})',
  'campaigns.trashEmpty': 'The trash is empty.',
  'campaigns.deletedAt': 'deleted {time}',
  'campaigns.restore': 'Restore',
  'campaigns.newer': 'saved by a newer version of the app — update the app to open it',
  'campaigns.tooLarge': 'too large to open (over {limit} MB)',
  'import.conflict':
    '“{file}” is a campaign already in your list. Replace the one in the list (it moves to the trash), or keep both?',
  'import.replace': 'Replace',
  'import.keepBoth': 'Keep both',
  'status.renamed': 'Renamed to “{name}”.',
  'status.deleted': 'Moved “{name}” to the trash.',
  'status.restored': 'Restored “{name}”.',
  'status.replaced': 'Replaced “{name}”; the one it replaced is in the trash.',
  'error.tooLarge':
    'This campaign file is too large: the app opens and imports campaigns of up to {limit} MB.',
  'error.newer':
    'This campaign was saved by a newer version of the app. Update the app to open it; the file was left as it is.',
  'error.invalidCampaign': 'This file is not a campaign the app can read; it was left as it is.',
  'error.unreadable':
    'The campaign file is damaged and none of its backups could be read. Nothing was changed on disk.',
  'error.invalidName': 'A campaign name needs 1 to 200 characters.',
  'error.notOpen': 'That campaign is not open any more. Open it again from the list.',
  'error.notFound': 'That campaign or map is no longer there.',
  'error.notInTrash': 'That campaign is no longer in the trash.',
  'error.invalidImport': 'This is not a campaign file the app can import.',
  'error.importConflict': 'This campaign is already in the list: replace it, or keep both?',
  'error.disposed': 'The app is shutting down; the change was not made.',
  'error.sampleInvalid': 'The bundled sample campaign could not be loaded.',
  'error.commandRejected': 'That change was not made: {details}',
  'error.dataFolderLocked': 'Another copy of the app is using this data folder.',
} as const

export const ja = {
  'campaigns.rename': '名前を変更',
  'campaigns.renameLabel': '「{name}」の新しい名前',
  'campaigns.save': '保存',
  'campaigns.cancel': 'キャンセル',
  'campaigns.delete': '削除',
  'campaigns.deleteConfirm':
    '「{name}」を削除しますか？ バックアップごとごみ箱に移り、そこから元に戻せます。',
  'campaigns.trash': 'ごみ箱（{count}）',
  'campaigns.trashEmpty': 'ごみ箱は空です。',
  'campaigns.deletedAt': '{time} に削除',
  'campaigns.restore': '元に戻す',
  'campaigns.newer':
    '新しいバージョンのアプリで保存されています — 開くにはアプリを更新してください',
  'campaigns.tooLarge': '大きすぎて開けません（{limit} MB 超）',
  'import.conflict':
    '「{file}」はすでに一覧にあるキャンペーンです。一覧のものを置き換えますか（置き換えたものはごみ箱に移ります）、それとも両方残しますか？',
  'import.replace': '置き換える',
  'import.keepBoth': '両方残す',
  'status.renamed': '名前を「{name}」に変更しました。',
  'status.deleted': '「{name}」をごみ箱に移しました。',
  'status.restored': '「{name}」を元に戻しました。',
  'status.replaced': '「{name}」を置き換えました。置き換えられたものはごみ箱にあります。',
  'error.tooLarge':
    'キャンペーンファイルが大きすぎます。開ける・読み込めるのは {limit} MB までです。',
  'error.newer':
    'このキャンペーンは新しいバージョンのアプリで保存されています。開くにはアプリを更新してください。ファイルはそのままです。',
  'error.invalidCampaign':
    'アプリが読めるキャンペーンファイルではありません。ファイルはそのままです。',
  'error.unreadable':
    'キャンペーンファイルが壊れており、読めるバックアップもありません。ファイルは変更していません。',
  'error.invalidName': 'キャンペーン名は1〜200文字です。',
  'error.notOpen': 'このキャンペーンはもう開かれていません。一覧から開き直してください。',
  'error.notFound': 'そのキャンペーンまたはマップはもうありません。',
  'error.notInTrash': 'そのキャンペーンはもうごみ箱にありません。',
  'error.invalidImport': '読み込めるキャンペーンファイルではありません。',
  'error.importConflict': 'このキャンペーンはすでにあります。置き換えますか、両方残しますか？',
  'error.disposed': 'アプリを終了しています。変更は行われませんでした。',
  'error.sampleInvalid': '付属のサンプルキャンペーンを読み込めませんでした。',
  'error.commandRejected': 'その変更はできませんでした（{details}）。',
  'error.dataFolderLocked': 'このデータフォルダーは別のアプリが使用中です。',
} satisfies Record<keyof typeof en, string>
