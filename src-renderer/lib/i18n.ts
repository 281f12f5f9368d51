// UI text in English and Japanese. Keys are checked at compile time: a key missing from one
// language is a type error, so neither language can fall behind silently.

export const LOCALES = ['en', 'ja'] as const
export type Locale = (typeof LOCALES)[number]

const en = {
  'app.title': 'Grid GM',
  'lang.label': 'Language',
  'campaigns.heading': 'Campaigns',
  'campaigns.empty': 'No campaigns yet.',
  'campaigns.open': 'Open',
  'campaigns.maps': '{count} maps',
  'campaigns.unreadable': 'damaged — opening recovers from a backup',
  'campaigns.newName': 'New campaign name',
  'campaigns.create': 'Create',
  'campaign.close': 'Close campaign',
  'campaign.noMaps': 'This campaign has no maps yet.',
  'map.tabs': 'Maps',
  'map.size': '{width} × {height} squares · {system}',
  'toolbar.undo': 'Undo',
  'toolbar.redo': 'Redo',
  'toolbar.save': 'Save now',
  'toolbar.edgeTool': 'Edge tool',
  'toolbar.zoom': 'Zoom',
  'toolbar.showPlayers': 'Show to players',
  'toolbar.shownToPlayers': 'Shown to players',
  'edge.wall': 'Wall',
  'edge.door': 'Door',
  'edge.low-wall': 'Low wall',
  'grid.hint': 'Click a grid line between two squares to place or remove an edge.',
  'grid.label': 'Map {name}',
  'status.connecting': 'Connecting…',
  'status.disconnected': 'Connection lost — retrying…',
  'status.ready': 'Ready.',
  'status.opened': 'Opened “{name}”.',
  'status.created': 'Created “{name}”.',
  'status.changed': 'Changed — saving automatically.',
  'status.undone': 'Undone — saving automatically.',
  'status.redone': 'Redone — saving automatically.',
  'status.saved': 'All changes saved ({time}).',
  'status.repaired': 'Opened with repairs: {details}',
  'status.closed': 'Campaign closed.',
  'status.error': 'Error: {message}',
  'recovered.title': 'This campaign was recovered from a backup.',
  'recovered.detail': 'The file {badFile} could not be read ({reason}). The last good backup {backupFile} was opened instead; the damaged file was kept.',
  'recovered.dismiss': 'Dismiss',
  'player.title': 'Player view',
  'player.waiting': 'Waiting for the GM to show a map.',
  'player.showing': 'Now showing',
} as const

export type MessageKey = keyof typeof en

const ja: Record<MessageKey, string> = {
  'app.title': 'Grid GM',
  'lang.label': '言語',
  'campaigns.heading': 'キャンペーン',
  'campaigns.empty': 'キャンペーンはまだありません。',
  'campaigns.open': '開く',
  'campaigns.maps': 'マップ {count} 枚',
  'campaigns.unreadable': '破損 — 開くとバックアップから復旧します',
  'campaigns.newName': '新しいキャンペーン名',
  'campaigns.create': '作成',
  'campaign.close': 'キャンペーンを閉じる',
  'campaign.noMaps': 'このキャンペーンにはまだマップがありません。',
  'map.tabs': 'マップ',
  'map.size': '{width} × {height} マス · {system}',
  'toolbar.undo': '元に戻す',
  'toolbar.redo': 'やり直す',
  'toolbar.save': '今すぐ保存',
  'toolbar.edgeTool': '境界ツール',
  'toolbar.zoom': '拡大率',
  'toolbar.showPlayers': 'プレイヤーに表示',
  'toolbar.shownToPlayers': 'プレイヤーに表示中',
  'edge.wall': '壁',
  'edge.door': '扉',
  'edge.low-wall': '低い壁',
  'grid.hint': 'マスとマスの間の線をクリックすると、境界を置いたり外したりできます。',
  'grid.label': 'マップ {name}',
  'status.connecting': '接続中…',
  'status.disconnected': '接続が切れました — 再接続しています…',
  'status.ready': '準備完了。',
  'status.opened': '「{name}」を開きました。',
  'status.created': '「{name}」を作成しました。',
  'status.changed': '変更しました — 自動保存します。',
  'status.undone': '元に戻しました — 自動保存します。',
  'status.redone': 'やり直しました — 自動保存します。',
  'status.saved': 'すべての変更を保存しました（{time}）。',
  'status.repaired': '修復して開きました: {details}',
  'status.closed': 'キャンペーンを閉じました。',
  'status.error': 'エラー: {message}',
  'recovered.title': 'このキャンペーンはバックアップから復旧されました。',
  'recovered.detail': 'ファイル {badFile} を読めませんでした（{reason}）。代わりに最後の正常なバックアップ {backupFile} を開きました。破損したファイルは残してあります。',
  'recovered.dismiss': '閉じる',
  'player.title': 'プレイヤー画面',
  'player.waiting': 'GM がマップを表示するのを待っています。',
  'player.showing': '表示中',
}

const dictionaries: Record<Locale, Record<MessageKey, string>> = { en, ja }

export type MessageParams = Record<string, string | number>

export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const template = dictionaries[locale][key]
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The UI language to start with: a saved choice, else the browser's, else English. */
export function initialLocale(saved: string | null, browserLanguage: string | undefined): Locale {
  if (isLocale(saved)) return saved
  return browserLanguage?.toLowerCase().startsWith('ja') ? 'ja' : 'en'
}

export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', ja: '日本語' }
