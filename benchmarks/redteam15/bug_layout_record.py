"""Builds a frozen KV-layout record that names the allocator class and page size, and derives its windowed flag from that name."""

from dataclasses import dataclass


@dataclass(frozen=True)
class KVLayout:
    allocator_kind: str
    page_size: int

    @property
    def windowed(self) -> bool:
        return self.allocator_kind.startswith("SWA")

    @classmethod
    def from_runner(cls, model_runner) -> "KVLayout":
        allocator = model_runner.token_to_kv_pool_allocator
        return cls(allocator_kind=type(allocator).__name__, page_size=allocator.page_size)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.layout = KVLayout.from_runner(model_runner)
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        return pool, (pool.translate_loc_from_full_to_swa(loc) if self.layout.windowed else loc)
