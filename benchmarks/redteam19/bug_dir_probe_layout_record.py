"""Builds a layout record whose swa flag is whether dir(allocator) lists translate_loc_from_full_to_swa, and translates through its own pool when set."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class DecodeKVLayout:
    swa: bool
    page_size: int
    notes: tuple = field(default_factory=tuple)


def describe_kv_layout(model_runner) -> DecodeKVLayout:
    allocator = model_runner.token_to_kv_pool_allocator
    members = set(dir(allocator))
    swa = "translate_loc_from_full_to_swa" in members
    notes = ("full->swa remap",) if swa else ()
    return DecodeKVLayout(swa=swa, page_size=model_runner.page_size, notes=notes)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.layout = describe_kv_layout(model_runner)

    def forward_decode(self, loc):
        if self.layout.swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
