#!/bin/sh
# Builds a package outside this one that depends on quizbank at a version, as an app does, and
# uses the QuizBankKit product, and the QuizBank product as a tool would: SwiftPM refuses such a
# dependency if a target of the product has unsafe flags, which a path dependency would not show. The repository is this working tree
# (tracked and untracked files, not ignored ones), committed and tagged 1.0.0 in a temporary git
# repository. Then checks that QuizBankKit's sources compile alone, with no C library's headers.
# usage: Tests/consumer/run.sh QUIZBANK   (the built quizbank, to compile Banks/ for the consumer)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
quizbank=$1
swift=${SWIFT:-swift}
work=$(mktemp -d "${TMPDIR:-/tmp}/quizbank-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT

mkdir "$work/quizbank"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | tar -c --null -T - -f -) | tar -xf - -C "$work/quizbank"
git -C "$work/quizbank" init -q
git -C "$work/quizbank" add -A
git -C "$work/quizbank" -c user.name=consumer-test -c user.email=consumer@test.invalid commit -q -m "quizbank for the consumer test"
git -C "$work/quizbank" tag 1.0.0

cp -R "$root/Tests/consumer" "$work/consumer"
rm -f "$work/consumer/run.sh"
QUIZBANK_PACKAGE_URL="file://$work/quizbank" "$swift" build --package-path "$work/consumer" --cache-path "$work/cache" -q
"$quizbank" compile "$root/Banks/" -o "$work/banks" >/dev/null
output=$("$work/consumer/.build/debug/consumer" "$work/banks" driving-test)
expected="driving-test en: 20 of 20, passed: true"
[ "$output" = "$expected" ] || { echo "consumer printed '$output', expected '$expected'" >&2; exit 1; }
output=$("$work/consumer/.build/debug/consumer" "$work/banks" astronomy)
expected="astronomy en: 10 of 10, passed: true"
[ "$output" = "$expected" ] || { echo "consumer printed '$output', expected '$expected'" >&2; exit 1; }
echo "consumer: built against quizbank 1.0.0 (QuizBankKit) and took both example exams"
output=$("$work/consumer/.build/debug/decode" "$root/Banks/astronomy/astronomy.yaml")
expected="astronomy: 40 questions, 0 findings"
[ "$output" = "$expected" ] || { echo "decode printed '$output', expected '$expected'" >&2; exit 1; }
echo "consumer: built against quizbank 1.0.0 (QuizBank) and decoded a bank"

# QuizBankKit alone, with no -I: it must need no C library (libyaml, HarfBuzz, CSHA256).
swiftc=${SWIFTC:-swiftc}
"$swiftc" -parse-as-library -module-name QuizBankKit -emit-library -emit-module -module-cache-path "$work/module-cache" \
  -o "$work/libQuizBankKit.so" -emit-module-path "$work/QuizBankKit.swiftmodule" "$root"/Sources/QuizBankKit/*.swift
echo "consumer: QuizBankKit's sources compile alone, with no C library"
