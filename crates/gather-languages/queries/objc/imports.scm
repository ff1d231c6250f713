; `#import` and `#include` name header files; nothing is resolved through them.
(preproc_include path: (_) @import.source)
