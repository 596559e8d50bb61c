"""A compiler's, linker's or checker's error is a failure the recap keeps in its own words
(R28-M1: MSVC's "error C2065" was no failure; the recap kept "Build FAILED." only), and
so is an error said under another language's label ("Lỗi:", "Ralat:", "خطا:"); their
warnings and a clean build are none."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction import Conversation, OfflineSummarizer
from contextledger.compaction.digest import failure_lines
from contextledger.model import Message, ToolCall

FAILED = {
    "msvc": (
        "  cache.cpp\ncache_10.cpp(214): error C2065: 'kMaxShaders10': undeclared identifier\n"
        "Build FAILED.\n    0 Warning(s)\n    1 Error(s)",
        "error C2065: 'kMaxShaders10': undeclared identifier",
    ),
    "msvc-syntax": (
        "src\\app.cpp(88): error C2143: syntax error: missing ';' before '}'",
        "error C2143",
    ),
    "msvc-include": (
        "app.cpp(3): fatal error C1083: Cannot open include file: 'win.h': No such file",
        "fatal error C1083",
    ),
    "msvc-link": (
        "LINK : fatal error LNK1181: cannot open input file 'gfx.lib'",
        "fatal error LNK1181",
    ),
    "msvc-unresolved": (
        'main.obj : error LNK2019: unresolved external symbol "void __cdecl init(void)"',
        "error LNK2019",
    ),
    "dotnet": (
        "Api/Controllers/Quota.cs(41,17): error CS0103: The name 'quota' does not exist in "
        "the current context [/repo/Api/Api.csproj]\n\nBuild FAILED.",
        "error CS0103",
    ),
    "gcc": (
        "src/buf.c:41:17: error: 'buf' undeclared (first use in this function)\n"
        "make: *** [Makefile:12: build/buf.o] Error 1",
        "error: 'buf' undeclared",
    ),
    "clang": (
        "src/gpu.cc:12:10: fatal error: 'gpu.h' file not found\n1 error generated.",
        "fatal error: 'gpu.h' file not found",
    ),
    "rustc": (
        "error[E0425]: cannot find value `retry` in this scope\n  --> src/lib.rs:55:9",
        "error[E0425]: cannot find value `retry`",
    ),
    "tsc": ("src/index.ts(17,3): error TS2304: Cannot find name 'Ledger'.", "error TS2304"),
    "javac": (
        "src/Orders.java:23: error: cannot find symbol\n  symbol:   class Order\n1 error",
        "src/Orders.java:23: error: cannot find symbol",
    ),
    "go-vet": (
        "# example.com/ledger\nvet: ./ledger/handler.go:30:2: fmt.Printf format %d has arg "
        "name of wrong type string",
        "fmt.Printf format %d has arg name of wrong type",
    ),
    "vi": ("Đang tải cấu hình...\nLỗi: không thể kết nối tới máy chủ db-1", "Lỗi: không thể"),
    "ms": ("Memuatkan konfigurasi...\nRalat: sambungan ke pelayan db-1 ditolak", "Ralat:"),
    "id": ("Memuat konfigurasi...\nKesalahan: tidak dapat terhubung ke server", "Kesalahan:"),
    "fa": ("بارگذاری پیکربندی...\nخطا: اتصال به سرور برقرار نشد", "خطا:"),
    "ar": ("تحميل الإعدادات...\nخطأ: تعذر الاتصال بالخادم", "خطأ:"),
    "ta": ("உள்ளமைவு ஏற்றப்படுகிறது...\nபிழை: சேவையகத்துடன் இணைக்க முடியவில்லை", "பிழை:"),
    "hi": ("कॉन्फ़िगरेशन लोड हो रहा है...\nत्रुटि: सर्वर से कनेक्ट नहीं हो सका", "त्रुटि:"),
    "th": ("กำลังโหลดการตั้งค่า...\nข้อผิดพลาด: เชื่อมต่อเซิร์ฟเวอร์ไม่ได้", "ข้อผิดพลาด:"),
    "he": ("טוען הגדרות...\nשגיאה: החיבור לשרת נכשל", "שגיאה:"),
    "el": ("Φόρτωση ρυθμίσεων...\nΣφάλμα: αδυναμία σύνδεσης", "Σφάλμα:"),
    "ro": ("Se încarcă configurația...\nEroare: conexiunea la server a eșuat", "Eroare:"),
    "hu": ("Konfiguráció betöltése...\nHiba: nem sikerült csatlakozni", "Hiba:"),
    "sv": ("Laddar konfiguration...\nFel: kunde inte ansluta till servern", "Fel:"),
    "fi": ("Ladataan asetuksia...\nVirhe: yhteys palvelimeen katkesi", "Virhe:"),
}

PASSED = {
    "msvc": "  cache.cpp\nBuild succeeded.\n    0 Warning(s)\n    0 Error(s)\n\nTime Elapsed 00:00:12.41",
    "msvc-warning": "app.cpp(3): warning C4996: 'strcpy': This function may be unsafe.",
    "dotnet": "  Api -> /repo/Api/bin/Debug/net8.0/Api.dll\n\nBuild succeeded.\n    0 Warning(s)\n    0 Error(s)",
    "gcc-warning": "src/buf.c:41:17: warning: unused variable 'tmp' [-Wunused-variable]",
    "rustc-warning": "warning: unused import: `std::fmt`\n    Finished dev [unoptimized] target(s) in 4.21s",
    "tsc": "Found 0 errors. Watching for file changes.",
    "javac-note": "Note: src/Orders.java uses unchecked or unsafe operations.",
    "kotlinc-warning": "src/Main.kt:9:5: warning: variable 'x' is never used",
    "mypy": "Success: no issues found in 12 source files",
    "go-vet": "",
    "vi": "Đang tải cấu hình...\nHoàn tất: không có lỗi",
    "ms": "Memuatkan konfigurasi...\nSelesai: tiada ralat",
    "ro": "Se încarcă configurația...\nGata: nicio eroare",
    "sv-word": "Felix: deploy is green\nFelsökning klar.",
    "hu-word": "Hibajegy lezárva: 0 nyitott",
    "error-word": "error_budget remaining 99.2%\nerrors_total 0",
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(FAILED))
def test_a_compiler_error_or_a_localized_label_is_a_failure(name: str) -> None:
    output, said = FAILED[name]
    assert any(said in line for line in failure_lines(output)), failure_lines(output)


@pytest.mark.parametrize("name", sorted(PASSED))
def test_a_warning_or_a_clean_build_is_no_failure(name: str) -> None:
    assert failure_lines(PASSED[name]) == []


def _session(output: str, command: str) -> list[Message]:
    msgs = [Message.user("Goal: get the shader cache building on Windows.", id="u0")]
    for i in range(14):
        out = output if i == 2 else f"step {i}: nothing to report"
        cmd = command if i == 2 else f"echo step {i}"
        msgs += [
            Message(
                "assistant", (ToolCall(f"c{i}", "shell", json.dumps({"command": cmd})),), id=f"a{i}"
            ),
            Message.tool(f"c{i}", out, id=f"t{i}"),
            Message.user("ok, keep going", id=f"u{i + 1}"),
        ]
    return msgs


def test_the_recap_keeps_the_msvc_error_under_failures() -> None:
    output, said = FAILED["msvc"]
    conv = Conversation.from_messages(_session(output, "msbuild Source/Cache.vcxproj"))
    out = conv.compact(OfflineSummarizer(), window=32_000, force=True)
    assert out.event is not None
    failures = out.event.recap_text.partition("Failures:")[2]
    assert said in failures, out.event.recap_text


def test_the_recap_claims_no_failure_of_a_clean_msvc_build() -> None:
    conv = Conversation.from_messages(_session(PASSED["msvc"], "msbuild Source/Cache.vcxproj"))
    out = conv.compact(OfflineSummarizer(), window=32_000, force=True)
    assert out.event is not None
    assert "Failures:" not in out.event.recap_text, out.event.recap_text


@pytest.mark.parametrize(
    "output",
    ["Hiba: nincs\nSikeres", "Fejl: ingen\nBygget på 3.2s", "Virhe: 0 kpl\nOK",
     "Ralat: tiada\nBinaan berjaya", "Viga: puudub", "त्रुटि: कोई नहीं\nबिल्ड सफल",
     "Fehler: keine", "Error: none"],
)  # fmt: skip
def test_an_error_label_whose_value_is_nothing_is_no_failure(output: str) -> None:
    """R29-C1: the localized labels read "Hiba: nincs" (Hungarian: none) as a failure."""
    assert failure_lines(output) == []


def test_swedish_fel_as_the_everyday_word_is_no_failure_and_as_a_label_is_one() -> None:
    """R29-C2: "fel" is also Swedish for "wrong, mistake": "Fel i dokumentationen rättade:
    stavning" (errors in the docs fixed: spelling) was read as a failure."""
    assert failure_lines("Fel i dokumentationen rättade: stavning") == []
    assert failure_lines("Fel: kunde inte ansluta till databasen")
    assert failure_lines("Fel vid anslutning: timeout efter 30 s")


# the line that says why a named test failed, as each runner prints it (R29-m11): it was
# dropped behind the test's name, and rustc's location with it
WHY = {
    "xctest": (
        "Test Case '-[ShopTests.CartTests testTotal]' started.\n"
        "/ci/Tests/CartTests.swift:41: error: -[ShopTests.CartTests testTotal] : "
        'XCTAssertEqual failed: ("3") is not equal to ("4")\n'
        "Test Case '-[ShopTests.CartTests testTotal]' failed (0.012 seconds).",
        'XCTAssertEqual failed: ("3") is not equal to ("4")',
    ),
    "scalatest": (
        "[info] Match92Spec:\n[info] - should net reversals *** FAILED ***\n"
        "[info]   1199.50 did not equal 1200.00 (Match92Spec.scala:27)\n"
        "[error] Failed: Total 9, Failed 1, Errors 0, Passed 8",
        "1199.50 did not equal 1200.00 (Match92Spec.scala:27)",
    ),
    "exunit": (
        "  1) test reconciles partial posting 67 (LedgerReconTest)\n"
        "     test/ledger_recon_test.exs:41\n     Assertion with == failed\n"
        "     left:  1200\n     right: 1250\n\nFinished in 0.3 seconds\n19 tests, 1 failure",
        "Assertion with == failed",
    ),
    "rustc": (
        "error[E0425]: cannot find value `gain` in this scope\n  --> src/fusion.rs:212:18\n"
        "   |\n212 |     let g = gain * w;\n   |             ^^^^ not found in this scope\n\n"
        "error: could not compile `fuse` (lib) due to 1 previous error",
        "--> src/fusion.rs:212:18",
    ),
}


@pytest.mark.parametrize("name", sorted(WHY))
def test_the_line_saying_why_a_test_failed_is_kept_beside_its_name(name: str) -> None:
    output, why = WHY[name]
    assert any(why in line for line in failure_lines(output)), failure_lines(output)


def test_a_location_line_not_under_an_error_is_no_failure() -> None:
    assert failure_lines("warning: unused variable `x`\n  --> src/a.rs:3:9\nFinished") == []
    assert failure_lines("a --> b\n--> src/a.rs:3:9") == []
