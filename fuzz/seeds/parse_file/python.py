"""Order processing helpers used by the fixture tests."""

import functools
from dataclasses import dataclass
from typing import TypeAlias

# How many times a request is retried.
MAX_RETRIES = 3
DEFAULT_TIMEOUT: float = 2.5
_private_cache = {}
type Pair[T] = tuple[T, T]
Vector: TypeAlias = list[float]


def retry(times):
    """Retry the wrapped call a few times."""

    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            return fn(*args, **kwargs)

        return wrapper

    return decorator


# Plain data about one order.
# Kept small on purpose.
@dataclass
class Order:
    """One customer order.

    Totals are in euros.
    """

    id: int
    total: float = 0.0

    class Meta:
        ordering = ["id"]

        def describe(self):
            return "meta"

    def __init__(self, id, total=0.0):
        self.id = id
        self.total = total

    # The total with tax.
    @property
    def gross(self):
        """Total plus tax."""
        return self.total * 1.2

    # Build an order from its text form.
    @staticmethod
    @functools.lru_cache(maxsize=None)
    def parse(text):
        def clean(s):
            return s.strip()

        return Order(int(clean(text)))

    @classmethod
    def empty(cls):
        return cls(0)

    async def fetch(self, client):
        """Load the order remotely."""
        result = await client.get(self.id)
        return result


@retry(MAX_RETRIES)
async def load_orders(client, ids)