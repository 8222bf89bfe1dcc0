// Loading fails on purpose: superstatic catches it and matches with JavaScript's RegExp.
throw new Error('re2 is left out of this project (docs/decisions/020-re2-binding-left-out.md).');
