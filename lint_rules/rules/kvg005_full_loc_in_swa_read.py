"""KVG005 full-loc-in-swa-read

## What it does
Flags a full-pool KV location reaching a read of SWA-pool locations untranslated, in backend
code of a module that translates somewhere (it may use an SWA pool). Full-pool locations are
`out_cache_loc`, `req_to_token` reads, page tables, `kv_indices` and what is computed, stored
or filled from them; a value translated through `<swa pool>.translate_loc_from_full_to_swa(...)`
or the full->SWA mapping (`...full_to_swa_index_mapping[...]`) is an SWA location. SWA reads
are the source arguments of an SWA page-table builder (`prepare_swa_spec_page_table_triton`),
stores and copies into SWA location fields the module elsewhere fills with translated values
(`metadata.swa_page_table`), and helpers' parameters that reach one. The finding sits on the
statement where the full value enters (the builder call). A value translated on some path
(`if use_swa_pool: x = pool.translate_loc_from_full_to_swa(x)`) is not reported.
Forks that rename the sources or the translator set `full-location-sources` /
`swa-translators` in `[tool.kvguard]`. Decided on the stdlib `ast` (`lint_rules/index_space.py`).

## Why is this bad?
A hybrid-SWA model keeps two pools; SWA layers read the smaller SWA pool, whose locations are
not the full pool's. A full location below the SWA pool's size looks valid: window layers
silently read other requests' KV rows, or run out of bounds above it. The FlashAttention-3
backend built the speculative-decoding SWA page table from the untranslated full page tables
through sglang 0.5.11 (#24617; fixed in 0.5.12); the XPU backend keeps the same call.

## Example
```python
def _init_sliding_window_attn_spec_metadata(self, metadata, metadata_expand):
    prepare_swa_spec_page_table_triton(
        page_table, metadata.page_table, metadata_expand.page_table, ...
    )
```

## Fix
Translate the full page tables through the backend's SWA pool first, where it uses one (the
0.5.12 shape):
```python
page_table_a = metadata.page_table
if self.use_sliding_window_kv_pool:
    page_table_a = self.token_to_kv_pool.translate_loc_from_full_to_swa(page_table_a)
```
"""

from __future__ import annotations

from ..fixes.translate_swa import TranslateThroughSwaPool
from .spec import Case, RuleSpec


class FullLocInSwaRead(RuleSpec):
    """The lint decides KVG005 on the stdlib ``ast`` (``index_space.findings``,
    ``RuleMeta.check``), which answers for every text ``ast`` parses; where it does not, the
    libcst parse reports the syntax error and the model has nothing to read. This class
    carries the rule's documentation and cases."""

    code = "KVG005"
    FIXES = (TranslateThroughSwaPool,)

    @classmethod
    def reduced_keeps(cls, candidates: list, lines: list, tree) -> set:
        """No body: the ``ast`` check reports KVG005 from the full text, and leaves a text to
        this class only where ``ast`` refuses it, where there is no reduced module either."""
        return set()

    VALID = [
        # the 0.5.12 shape: translated through the SWA pool where it is used
        """
class FlashAttentionBackend(AttentionBackend):
    def _init_sliding_window_attn_spec_metadata(self, metadata, metadata_expand):
        page_table_a = metadata.page_table
        page_table_b = metadata_expand.page_table
        if self.use_sliding_window_kv_pool:
            page_table_a = self.token_to_kv_pool.translate_loc_from_full_to_swa(page_table_a)
            page_table_b = self.token_to_kv_pool.translate_loc_from_full_to_swa(page_table_b)
        prepare_swa_spec_page_table_triton(page_table, page_table_a, page_table_b, 4)
""",
        # the mapping, any spelling
        """
class XAttnBackend(AttentionBackend):
    def build(self, metadata):
        table = self.full_to_swa_index_mapping[metadata.page_table]
        prepare_swa_spec_page_table_triton(out, table, table, 1)
""",
        # a module that never translates has no SWA pool to read
        """
class XAttnBackend(AttentionBackend):
    def build(self, metadata):
        prepare_swa_spec_page_table_triton(out, metadata.page_table, metadata.page_table, 1)
""",
        # a field the module never fills with SWA locations is not SWA space
        """
class XAttnBackend(AttentionBackend):
    def build(self, metadata):
        metadata.pa_swa_page_table = metadata.page_table
        x = self.token_to_kv_pool.translate_loc_from_full_to_swa(metadata.out_cache_loc)
""",
        # a helper here that translates what it is given
        """
class XAttnBackend(AttentionBackend):
    def _copy_swa_page_table(self, metadata, page_indices):
        swa = self.token_to_kv_pool.translate_loc_from_full_to_swa(page_indices)
        metadata.swa_page_table.copy_(swa)
    def replay(self, metadata, req_pool_indices):
        page_indices = self.req_to_token[req_pool_indices]
        self._copy_swa_page_table(metadata, page_indices)
""",
        # outside backend code
        Case(
            """
def build(metadata, pool):
    x = pool.translate_loc_from_full_to_swa(metadata.out_cache_loc)
    prepare_swa_spec_page_table_triton(out, metadata.page_table, metadata.page_table, 1)
""",
            count=0,
            path="pkg/elsewhere.py",
        ),
    ]

    INVALID = [
        # sglang #24617 (fa3 through 0.5.11): one finding, on the builder call
        Case(
            """
class FlashAttentionBackend(AttentionBackend):
    def forward_decode(self, metadata):
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(metadata.page_table)
    def _init_sliding_window_attn_spec_metadata(self, metadata, metadata_expand):
        prepare_swa_spec_page_table_triton(
            page_table,
            metadata.page_table,
            metadata_expand.page_table,
            metadata.cache_seqlens_int32,
        )
""",
            count=1,
        ),
        # through a local, an arithmetic step and a field of the metadata object
        Case(
            """
class XAttnBackend(AttentionBackend):
    def init(self, metadata, forward_batch):
        metadata.cache_loc = forward_batch.out_cache_loc
        rows = metadata.cache_loc // self.page_size
        if self.use_swa:
            metadata.swa_page_table = self.token_to_kv_pool.translate_loc_from_full_to_swa(rows)
        metadata.swa_page_table = rows.to(torch.int32)
""",
            count=1,
        ),
        # a helper whose parameter reaches the builder: reported at the call
        Case(
            """
class XAttnBackend(AttentionBackend):
    def _build(self, dst, src):
        prepare_swa_spec_page_table_triton(dst, src, src, 1)
    def init(self, forward_batch, req_pool_indices):
        loc = self.req_to_token[req_pool_indices]
        self._build(out, loc)
        mapping = self.token_to_kv_pool.full_to_swa_index_mapping
""",
            count=1,
        ),
        # a copy into an SWA field filled elsewhere with translated locations
        Case(
            """
class XAttnBackend(AttentionBackend):
    def init(self, metadata, req_pool_indices):
        page_indices = self.req_to_token[req_pool_indices]
        metadata.page_table.copy_(page_indices)
        metadata.swa_page_table.copy_(page_indices)
    def other(self, metadata, loc):
        metadata.swa_page_table.copy_(self.token_to_kv_pool.translate_loc_from_full_to_swa(loc))
""",
            count=1,
        ),
    ]
