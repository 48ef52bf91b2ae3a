"""What the errors of both packages carry (python/src/errors.hpp gives them these attributes)."""

from typing import Optional

class LocatedError(ValueError):
    message: str
    kind: Optional[str]
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]
