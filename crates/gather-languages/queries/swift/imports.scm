; Swift imports name modules, not files: `import Foundation`, `import struct A.B`.
(import_declaration (identifier) @import.source)
