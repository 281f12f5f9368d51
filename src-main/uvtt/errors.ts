// A Universal VTT file the importer refuses; `path` is a JSON pointer into the file.
export class UvttError extends Error {
  constructor(
    readonly code:
      'bad-json' | 'invalid-uvtt' | 'unsupported-format' | 'map-too-large' | 'image-undecodable',
    message: string,
    readonly path = '',
  ) {
    super(message)
    this.name = 'UvttError'
  }
}
