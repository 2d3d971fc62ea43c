import QuizLint
import QuizRules

/// The JSON Schemas of `Templates/`, for `quizbank schema` and `quizbank init` (an installed
/// quizbank has no repository beside it). The configuration's is made from the rules, as
/// `Templates/quizbank-config.schema.json` is; the others are copies of their files, which a test
/// keeps equal byte for byte: a change is made in the file and copied here.
enum BuiltInSchemas {
    /// What `quizbank schema` names the schemas of `Templates/`: `bank.schema.json`,
    /// `quizbank-config.schema.json`, `compiled-bank.schema.json` and `diff.schema.json`.
    static let kinds = ["bank", "config", "compiled", "diff"]

    static func text(of kind: String) -> String? {
        switch kind {
        case "bank": return bank + "\n"
        case "config": return ConfigurationSchema.text(rules: RuleRegistry.descriptions)
        case "compiled": return compiled + "\n"
        case "diff": return diff + "\n"
        default: return nil
        }
    }

    private static let bank = #"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "quizbank question bank (format 1)",
  "description": "A quiz question bank: one YAML file per bank, format version 1. Unknown keys are errors. Rules this schema cannot express are checked by the quizbank tool (`quizbank lint`), not here: a choice question needs at least one choice with `correct: true` (exactly one makes it single-choice, two or more multiple-choice); question ids are unique in the bank; a question's `topic` is one of the declared `topics`; a localizable mapping contains the bank's `locale` (and, where `locales` is declared, a missing translation is a lint finding); `locales` includes `locale`; `exam.size` is at most the number of questions and `exam.demo-limit` at most `exam.size`; topic weights add up to 1 (a `topic-coverage` warning); duplicate mapping keys; `answer`/`correct`/`shuffle` written as yes/no/on/off (YAML 1.1 booleans) are errors; image files exist under the image root.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "quizbank",
    "id",
    "title",
    "locale",
    "questions"
  ],
  "properties": {
    "quizbank": {
      "title": "Format version",
      "description": "Version of the bank format this file is written in. Always `1`.",
      "const": 1
    },
    "id": {
      "title": "Bank id",
      "description": "Identifies the bank; `[a-z0-9][a-z0-9-]*`, e.g. `world-capitals`. Keep it stable.",
      "allOf": [
        {
          "$ref": "#/definitions/bankId"
        }
      ]
    },
    "title": {
      "title": "Title",
      "description": "Name of the bank shown to players; localizable.",
      "allOf": [
        {
          "$ref": "#/definitions/localizable"
        }
      ]
    },
    "locale": {
      "title": "Source locale",
      "description": "BCP 47 tag of the language the bank is written in (plain strings are in this language), e.g. `en`, `pt-BR`.",
      "allOf": [
        {
          "$ref": "#/definitions/localeTag"
        }
      ]
    },
    "locales": {
      "title": "Locales",
      "description": "Locales the bank is published in; every localizable string should cover all of them (a missing translation is a lint finding and falls back to the source text). Include `locale`.",
      "type": "array",
      "minItems": 1,
      "uniqueItems": true,
      "items": {
        "$ref": "#/definitions/localeTag"
      }
    },
    "description": {
      "title": "Description",
      "description": "A sentence or two about the bank; localizable.",
      "allOf": [
        {
          "$ref": "#/definitions/localizable"
        }
      ]
    },
    "images": {
      "title": "Image root",
      "description": "Folder holding the question images, relative to this file, e.g. `images/`. Default: the folder of this file.",
      "allOf": [
        {
          "$ref": "#/definitions/text"
        }
      ]
    },
    "topics": {
      "title": "Topics",
      "description": "Declared topics, by id (`[a-z0-9][a-z0-9._-]*`). A question's `topic` must be one of them.",
      "type": "object",
      "propertyNames": {
        "$ref": "#/definitions/topicId"
      },
      "additionalProperties": {
        "$ref": "#/definitions/topic"
      }
    },
    "exam": {
      "title": "Exam",
      "description": "How an engine draws a test from this bank.",
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "size": {
          "title": "Exam size",
          "description": "Questions per test: 1 .. number of questions in the bank (upper bound checked by the tool). Optional: without it an exam uses every question.",
          "type": "integer",
          "minimum": 1
        },
        "passing-score": {
          "title": "Passing score",
          "description": "Fraction of correct answers needed to pass, 0..1 (e.g. 0.7 = 70 %).",
          "type": "number",
          "minimum": 0,
          "maximum": 1
        },
        "demo-limit": {
          "title": "Demo limit",
          "description": "Questions a free/demo user may answer, 0 .. `size` (upper bound checked by the tool).",
          "type": "integer",
          "minimum": 0
        },
        "shuffle-choices": {
          "title": "Shuffle choices",
          "description": "Whether engines shuffle the choices of choice questions (default `true`). A question's own `shuffle` overrides it.",
          "type": "boolean"
        }
      }
    },
    "questions": {
      "title": "Questions",
      "description": "The questions, at least one.",
      "type": "array",
      "minItems": 1,
      "items": {
        "$ref": "#/definitions/question"
      }
    }
  },
  "definitions": {
    "text": {
      "title": "Text",
      "description": "A non-empty piece of text (not only whitespace). Unquoted numbers and true/false are read as text in this field (YAML plain scalars are strings wherever a field is not typed), so `1969` is fine; quoting is never wrong.",
      "type": [
        "string",
        "number",
        "boolean"
      ],
      "minLength": 1,
      "pattern": "\\S"
    },
    "localeTag": {
      "title": "Locale tag",
      "description": "A BCP 47 language tag such as `en`, `es`, `pt-BR` or `zh-Hant-TW`.",
      "type": "string",
      "pattern": "^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$"
    },
    "localizable": {
      "title": "Localizable text",
      "description": "Either plain text in the bank's `locale`, or a mapping from locale tag to text (for example `{en: The Sun is a star., pt-BR: O Sol é uma estrela.}`) with at least one entry. The tool requires a mapping to contain the bank's `locale`.",
      "anyOf": [
        {
          "$ref": "#/definitions/text"
        },
        {
          "title": "Translations",
          "description": "Locale tag → text. Must contain the bank's `locale`; should cover every entry of `locales`.",
          "type": "object",
          "minProperties": 1,
          "propertyNames": {
            "$ref": "#/definitions/localeTag"
          },
          "additionalProperties": {
            "$ref": "#/definitions/text"
          }
        }
      ]
    },
    "bankId": {
      "title": "Bank id",
      "description": "Lowercase letters, digits and `-`, starting with a letter or digit; at most 128 characters (it names the compiled files).",
      "anyOf": [
        {
          "type": "string",
          "pattern": "^[a-z0-9][a-z0-9-]*$",
          "maxLength": 128
        },
        {
          "type": "integer",
          "minimum": 0
        }
      ]
    },
    "questionId": {
      "title": "Question id",
      "description": "Lowercase letters, digits, `.`, `_` and `-`, starting with a letter or digit. An unquoted number such as `12` is read as the id \"12\".",
      "anyOf": [
        {
          "type": "string",
          "pattern": "^[a-z0-9][a-z0-9._-]*$"
        },
        {
          "type": "integer",
          "minimum": 0
        }
      ]
    },
    "topicId": {
      "title": "Topic id",
      "description": "Lowercase letters, digits, `.`, `_` and `-`, starting with a letter or digit.",
      "anyOf": [
        {
          "type": "string",
          "pattern": "^[a-z0-9][a-z0-9._-]*$"
        },
        {
          "type": "integer",
          "minimum": 0
        }
      ]
    },
    "topic": {
      "title": "Topic",
      "description": "A declared topic. Both fields are optional.",
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "title": {
          "title": "Topic title",
          "description": "Display name of the topic; localizable. Defaults to the topic id.",
          "allOf": [
            {
              "$ref": "#/definitions/localizable"
            }
          ]
        },
        "weight": {
          "title": "Topic weight",
          "description": "Share of an exam drawn from this topic, 0..1 (e.g. 0.4 = 40 %). `quizbank lint` warns when the weights of a bank's topics do not add up to 1 (`topic-coverage`).",
          "type": "number",
          "minimum": 0,
          "maximum": 1
        }
      }
    },
    "choice": {
      "title": "Choice",
      "description": "Shorthand: plain text, a wrong choice. Long form: `{id, text, correct, feedback}`.",
      "anyOf": [
        {
          "$ref": "#/definitions/text"
        },
        {
          "title": "Choice (long form)",
          "description": "A choice with its correctness and optional feedback.",
          "type": "object",
          "additionalProperties": false,
          "required": [
            "text"
          ],
          "properties": {
            "id": {
              "title": "Choice id",
              "description": "Optional: the choice's identity, unique within its question, so that a reorder or an edit of the choice is tracked (`quizbank diff`, `quizbank lock`). Same pattern as a question id.",
              "type": "string",
              "pattern": "^[a-z0-9][a-z0-9._-]*$"
            },
            "text": {
              "title": "Choice text",
              "description": "What the player sees for this choice; localizable.",
              "allOf": [
                {
                  "$ref": "#/definitions/localizable"
                }
              ]
            },
            "correct": {
              "title": "Correct",
              "description": "`true` if this choice is (one of) the right answer(s). Default `false`. Only `true`/`false` (not yes/no/on/off, not quoted).",
              "type": "boolean"
            },
            "feedback": {
              "title": "Choice feedback",
              "description": "Shown when the player picks this choice; localizable.",
              "allOf": [
                {
                  "$ref": "#/definitions/localizable"
                }
              ]
            }
          }
        }
      ]
    },
    "question": {
      "title": "Question",
      "description": "A true/false question (`answer`) or a choice question (`choices`), never both. Choices with exactly one `correct: true` make a single-choice question, two or more a multiple-choice question (checked by the tool).",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id",
        "text"
      ],
      "properties": {
        "id": {
          "title": "Question id",
          "description": "Unique in the bank; `[a-z0-9][a-z0-9._-]*`. Keep it stable: results and translations refer to it.",
          "allOf": [
            {
              "$ref": "#/definitions/questionId"
            }
          ]
        },
        "topic": {
          "title": "Topic",
          "description": "Id of one of the bank's declared `topics`.",
          "allOf": [
            {
              "$ref": "#/definitions/topicId"
            }
          ]
        },
        "difficulty": {
          "title": "Difficulty",
          "description": "1 (easy) .. 5 (hard).",
          "type": "integer",
          "minimum": 1,
          "maximum": 5
        },
        "tags": {
          "title": "Tags",
          "description": "Free-form labels for searching and filtering (not localized).",
          "type": "array",
          "items": {
            "$ref": "#/definitions/text"
          }
        },
        "text": {
          "title": "Question text",
          "description": "The question or statement shown to the player; localizable.",
          "allOf": [
            {
              "$ref": "#/definitions/localizable"
            }
          ]
        },
        "answer": {
          "title": "Answer (true/false question)",
          "description": "Makes this a true/false question: is the statement in `text` true? Only `true` or `false` (not yes/no/on/off, not quoted). Do not combine with `choices`.",
          "type": "boolean"
        },
        "choices": {
          "title": "Choices (choice question)",
          "description": "Makes this a choice question: 2 to 8 choices, shown in this order unless shuffled. Mark the right one(s) with `correct: true` (long form); a plain string is a wrong choice. Do not combine with `answer`.",
          "type": "array",
          "minItems": 2,
          "maxItems": 8,
          "items": {
            "$ref": "#/definitions/choice"
          }
        },
        "shuffle": {
          "title": "Shuffle choices",
          "description": "Overrides `exam.shuffle-choices` for this question; use `false` when the order matters (\"all of the above\", numbers in order). Only meaningful for choice questions.",
          "type": "boolean"
        },
        "explanation": {
          "title": "Explanation",
          "description": "Why the answer is right, shown after answering. Recommended; localizable.",
          "allOf": [
            {
              "$ref": "#/definitions/localizable"
            }
          ]
        },
        "hints": {
          "title": "Hints",
          "description": "Hints the player may reveal one at a time, in this order; each localizable.",
          "type": "array",
          "items": {
            "$ref": "#/definitions/localizable"
          }
        },
        "image": {
          "title": "Image",
          "description": "Path of an image file under the bank's image root (`images`), e.g. `signs/stop.png`. Requires `image-alt`.",
          "allOf": [
            {
              "$ref": "#/definitions/text"
            }
          ]
        },
        "image-alt": {
          "title": "Image description",
          "description": "Text alternative for the image, for screen readers and when it cannot be shown. Required when `image` is set; localizable.",
          "allOf": [
            {
              "$ref": "#/definitions/localizable"
            }
          ]
        }
      },
      "oneOf": [
        {
          "title": "true/false question",
          "required": [
            "answer"
          ]
        },
        {
          "title": "choice question",
          "required": [
            "choices"
          ]
        }
      ],
      "dependencies": {
        "image": [
          "image-alt"
        ]
      }
    }
  }
}
"""#

    private static let compiled = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "quizbank compiled bank (format 1.1)",
  "description": "One normalized JSON document per bank and locale, written by `quizbank compile`. Members appear in the order listed here; optional members are omitted, never null. Format 1.1 adds `formatMinorVersion` and each question's `fingerprint`; documents of format 1.0, which lack both, validate too. Not expressible here and checked by the tool's tests: member order, `locale` being one of `locales`, unique question ids, `correct` indexes being less than the number of choices, a question's `topic` being one of `topics`, and `sha256` being the hash of the document's bytes before that member.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "format",
    "formatVersion",
    "id",
    "locale",
    "sourceLocale",
    "locales",
    "title",
    "questions",
    "sha256"
  ],
  "properties": {
    "format": {
      "title": "Format",
      "description": "Marks a compiled quiz bank.",
      "const": "quizbank-compiled"
    },
    "formatVersion": {
      "title": "Format version",
      "description": "Major version of this compiled format: an engine refuses a major version it does not know.",
      "const": 1
    },
    "formatMinorVersion": {
      "title": "Format minor version",
      "description": "Minor version: a newer minor version only adds optional members, which an engine may ignore. Absent in format 1.0.",
      "type": "integer",
      "minimum": 1
    },
    "id": {
      "title": "Bank id",
      "description": "The bank's id.",
      "type": "string",
      "pattern": "^[a-z0-9][a-z0-9-]*$"
    },
    "locale": {
      "title": "Locale",
      "description": "Locale of this document's strings.",
      "$ref": "#/$defs/localeTag"
    },
    "sourceLocale": {
      "title": "Source locale",
      "description": "The bank's source locale (`locale` in the bank).",
      "$ref": "#/$defs/localeTag"
    },
    "locales": {
      "title": "Locales",
      "description": "Every locale compiled for this bank.",
      "type": "array",
      "minItems": 1,
      "uniqueItems": true,
      "items": {
        "$ref": "#/$defs/localeTag"
      }
    },
    "title": {
      "title": "Title",
      "description": "Bank title in this locale.",
      "$ref": "#/$defs/text"
    },
    "description": {
      "title": "Description",
      "description": "Bank description in this locale.",
      "$ref": "#/$defs/text"
    },
    "topics": {
      "title": "Topics",
      "description": "Declared topics; omitted when the bank declares none.",
      "type": "array",
      "minItems": 1,
      "items": {
        "$ref": "#/$defs/topic"
      }
    },
    "exam": {
      "title": "Exam",
      "description": "Exam settings; omitted when the bank has no exam block.",
      "$ref": "#/$defs/exam"
    },
    "questions": {
      "title": "Questions",
      "description": "The questions in authored order.",
      "type": "array",
      "minItems": 1,
      "items": {
        "$ref": "#/$defs/question"
      }
    },
    "sha256": {
      "title": "SHA-256",
      "description": "Hash of the document's bytes before this member.",
      "$ref": "#/$defs/sha256"
    }
  },
  "$defs": {
    "localeTag": {
      "title": "Locale tag",
      "description": "BCP 47 language tag.",
      "type": "string",
      "pattern": "^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$"
    },
    "text": {
      "title": "Text",
      "description": "Non-empty text, Unicode NFC, whitespace normalized.",
      "type": "string",
      "minLength": 1
    },
    "sha256": {
      "title": "SHA-256",
      "description": "64 lowercase hexadecimal digits.",
      "type": "string",
      "pattern": "^[0-9a-f]{64}$"
    },
    "topic": {
      "title": "Topic",
      "description": "A topic declared by the bank, in authored order.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id",
        "title"
      ],
      "properties": {
        "id": {
          "title": "Topic id",
          "description": "Id of the topic.",
          "type": "string",
          "pattern": "^[a-z0-9][a-z0-9._-]*$"
        },
        "title": {
          "title": "Topic title",
          "description": "Title in this document's locale (the id when the bank gives none).",
          "$ref": "#/$defs/text"
        },
        "weight": {
          "title": "Weight",
          "description": "Share of an exam drawn from this topic.",
          "type": "number",
          "minimum": 0,
          "maximum": 1
        }
      }
    },
    "exam": {
      "title": "Exam",
      "description": "How an engine draws a test from this bank.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "shuffleChoices"
      ],
      "properties": {
        "size": {
          "title": "Size",
          "description": "Questions per test; left out when the bank sets none, meaning every question.",
          "type": "integer",
          "minimum": 1
        },
        "passingScore": {
          "title": "Passing score",
          "description": "Fraction of correct answers needed to pass.",
          "type": "number",
          "minimum": 0,
          "maximum": 1
        },
        "demoLimit": {
          "title": "Demo limit",
          "description": "Questions a free/demo user may answer.",
          "type": "integer",
          "minimum": 0
        },
        "shuffleChoices": {
          "title": "Shuffle choices",
          "description": "Default for questions' `shuffle` (the bank's default is true).",
          "type": "boolean"
        }
      }
    },
    "choice": {
      "title": "Choice",
      "description": "A choice, in authored order.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "text"
      ],
      "properties": {
        "id": {
          "title": "Choice id",
          "description": "The choice's id, when the bank gives one: unique within the question.",
          "type": "string",
          "pattern": "^[a-z0-9][a-z0-9._-]*$"
        },
        "text": {
          "title": "Text",
          "description": "Choice text.",
          "$ref": "#/$defs/text"
        },
        "feedback": {
          "title": "Feedback",
          "description": "Shown when this choice is picked.",
          "$ref": "#/$defs/text"
        }
      }
    },
    "image": {
      "title": "Image",
      "description": "An image, with what an engine needs to lay it out before loading it.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path",
        "width",
        "height",
        "sha256",
        "alt"
      ],
      "properties": {
        "path": {
          "title": "Path",
          "description": "Path of the image file.",
          "type": "string",
          "minLength": 1
        },
        "width": {
          "title": "Width",
          "description": "Width in pixels.",
          "type": "integer",
          "minimum": 1
        },
        "height": {
          "title": "Height",
          "description": "Height in pixels.",
          "type": "integer",
          "minimum": 1
        },
        "sha256": {
          "title": "SHA-256",
          "description": "SHA-256 of the image file's bytes.",
          "$ref": "#/$defs/sha256"
        },
        "alt": {
          "title": "Alt text",
          "description": "Text alternative for the image.",
          "$ref": "#/$defs/text"
        }
      }
    },
    "question": {
      "title": "Question",
      "description": "A compiled question. `kind` decides which answer fields are present.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id",
        "kind",
        "text"
      ],
      "properties": {
        "id": {
          "title": "Question id",
          "description": "Unique in the bank.",
          "type": "string",
          "pattern": "^[a-z0-9][a-z0-9._-]*$"
        },
        "kind": {
          "title": "Kind",
          "description": "Kind of question.",
          "enum": [
            "true-false",
            "single-choice",
            "multiple-choice"
          ]
        },
        "topic": {
          "title": "Topic",
          "description": "Id of one of `topics`.",
          "type": "string",
          "pattern": "^[a-z0-9][a-z0-9._-]*$"
        },
        "difficulty": {
          "title": "Difficulty",
          "description": "1 (easy) .. 5 (hard).",
          "type": "integer",
          "minimum": 1,
          "maximum": 5
        },
        "tags": {
          "title": "Tags",
          "description": "Tags, omitted when there are none.",
          "type": "array",
          "minItems": 1,
          "items": {
            "$ref": "#/$defs/text"
          }
        },
        "text": {
          "title": "Text",
          "description": "Question text in this document's locale.",
          "$ref": "#/$defs/text"
        },
        "answer": {
          "title": "Answer",
          "description": "True/false questions: whether the statement is true.",
          "type": "boolean"
        },
        "choices": {
          "title": "Choices",
          "description": "Choice questions: the choices in authored order.",
          "type": "array",
          "minItems": 2,
          "maxItems": 8,
          "items": {
            "$ref": "#/$defs/choice"
          }
        },
        "correct": {
          "title": "Correct",
          "description": "Choice questions: 0-based indexes into `choices` of the correct ones.",
          "type": "array",
          "minItems": 1,
          "maxItems": 8,
          "uniqueItems": true,
          "items": {
            "type": "integer",
            "minimum": 0,
            "maximum": 7
          }
        },
        "shuffle": {
          "title": "Shuffle",
          "description": "Choice questions: whether an engine shuffles the choices.",
          "type": "boolean"
        },
        "explanation": {
          "title": "Explanation",
          "description": "Why the answer is right.",
          "$ref": "#/$defs/text"
        },
        "hints": {
          "title": "Hints",
          "description": "Hints in order, omitted when there are none.",
          "type": "array",
          "minItems": 1,
          "items": {
            "$ref": "#/$defs/text"
          }
        },
        "image": {
          "title": "Image",
          "description": "The question's image.",
          "$ref": "#/$defs/image"
        },
        "fingerprint": {
          "title": "Fingerprint",
          "description": "Content fingerprint of what the question asks and its answer, from the source-locale texts, the same in every locale (docs/compiled-format.md, \"Question fingerprints\"). Absent in format 1.0.",
          "type": "string",
          "pattern": "^[0-9a-f]{32}$"
        }
      },
      "allOf": [
        {
          "if": {
            "required": [
              "kind"
            ],
            "properties": {
              "kind": {
                "const": "true-false"
              }
            }
          },
          "then": {
            "required": [
              "answer"
            ],
            "properties": {
              "choices": false,
              "correct": false,
              "shuffle": false
            }
          }
        },
        {
          "if": {
            "required": [
              "kind"
            ],
            "properties": {
              "kind": {
                "const": "single-choice"
              }
            }
          },
          "then": {
            "required": [
              "choices",
              "correct",
              "shuffle"
            ],
            "properties": {
              "answer": false,
              "correct": {
                "maxItems": 1
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "kind"
            ],
            "properties": {
              "kind": {
                "const": "multiple-choice"
              }
            }
          },
          "then": {
            "required": [
              "choices",
              "correct",
              "shuffle"
            ],
            "properties": {
              "answer": false,
              "correct": {
                "minItems": 2
              }
            }
          }
        }
      ]
    }
  }
}
"""#

    private static let diff = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://github.com/quizbank/quizbank/blob/main/Templates/diff.schema.json",
  "title": "quizbank diff report",
  "description": "What `quizbank diff --format json` writes (docs/versions.md): every change between two versions of banks, classified by severity. Members appear in the order listed; optional members are omitted, never null.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "format",
    "formatVersion",
    "old",
    "new",
    "summary",
    "changes"
  ],
  "properties": {
    "format": {
      "title": "Format",
      "description": "Always `quizbank-diff`.",
      "const": "quizbank-diff"
    },
    "formatVersion": {
      "title": "Format version",
      "description": "Raised when a member changes meaning or is removed; new optional members keep it.",
      "const": 1
    },
    "old": {
      "title": "Old place",
      "description": "Where the change is in the old version.",
      "type": "string"
    },
    "new": {
      "title": "New place",
      "description": "Where the change is in the new version.",
      "type": "string"
    },
    "summary": {
      "title": "Summary",
      "description": "How many changes of each severity, and the questions unchanged.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "breaking",
        "structural",
        "content",
        "cosmetic",
        "unchanged"
      ],
      "properties": {
        "breaking": {
          "title": "Breaking",
          "description": "Changes of severity breaking.",
          "type": "integer",
          "minimum": 0
        },
        "structural": {
          "title": "Structural",
          "description": "Changes of severity structural.",
          "type": "integer",
          "minimum": 0
        },
        "content": {
          "title": "Content",
          "description": "Changes of severity content.",
          "type": "integer",
          "minimum": 0
        },
        "cosmetic": {
          "title": "Cosmetic",
          "description": "Changes of severity cosmetic.",
          "type": "integer",
          "minimum": 0
        },
        "unchanged": {
          "title": "Unchanged",
          "description": "Questions in both versions with no change.",
          "type": "integer",
          "minimum": 0
        }
      }
    },
    "changes": {
      "title": "Changes",
      "description": "Bank by bank, in the order docs/versions.md gives.",
      "type": "array",
      "items": {
        "$ref": "#/$defs/change"
      }
    }
  },
  "$defs": {
    "place": {
      "title": "Place",
      "description": "A position in one version.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "path",
        "line",
        "column"
      ],
      "properties": {
        "path": {
          "title": "Path",
          "description": "The file, or `REV:path` for a file read from git.",
          "type": "string"
        },
        "line": {
          "title": "Line",
          "description": "1-based.",
          "type": "integer",
          "minimum": 1
        },
        "column": {
          "title": "Column",
          "description": "1-based, in Unicode scalars.",
          "type": "integer",
          "minimum": 1
        }
      }
    },
    "change": {
      "title": "Change",
      "description": "One change.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "severity",
        "change",
        "bank",
        "message"
      ],
      "properties": {
        "severity": {
          "title": "Severity",
          "description": "How much the change matters (docs/versions.md).",
          "enum": [
            "breaking",
            "structural",
            "content",
            "cosmetic"
          ]
        },
        "change": {
          "title": "Change",
          "description": "The kind of change (docs/versions.md lists them).",
          "enum": [
            "bank-added",
            "bank-removed",
            "exam-size-changed",
            "passing-score-changed",
            "demo-limit-changed",
            "topic-added",
            "topic-removed",
            "topic-weight-changed",
            "locale-added",
            "locale-removed",
            "question-added",
            "question-removed",
            "question-renamed",
            "id-reused",
            "kind-changed",
            "answer-key-changed",
            "choices-added",
            "choices-removed",
            "choices-reordered",
            "choice-text-edited",
            "text-edited-major",
            "text-edited-minor",
            "text-edited-cosmetic",
            "image-changed",
            "translation-added",
            "translation-changed",
            "translation-removed",
            "details-edited",
            "metadata-changed"
          ]
        },
        "bank": {
          "title": "Bank",
          "description": "The bank id.",
          "type": "string"
        },
        "question": {
          "title": "Question",
          "description": "The question id in the new version (in the old one for a removed question).",
          "type": "string"
        },
        "oldQuestion": {
          "title": "Old question id",
          "description": "A renamed question's old id.",
          "type": "string"
        },
        "locale": {
          "title": "Locale",
          "description": "The locale of a translation or locale change.",
          "type": "string"
        },
        "message": {
          "title": "Message",
          "description": "What changed, for people.",
          "type": "string",
          "minLength": 1
        },
        "old": {
          "title": "Old place",
          "description": "Where the change is in the old version.",
          "$ref": "#/$defs/place"
        },
        "new": {
          "title": "New place",
          "description": "Where the change is in the new version.",
          "$ref": "#/$defs/place"
        },
        "suggestion": {
          "title": "Suggestion",
          "description": "What to do instead, when there is one clear choice.",
          "type": "string"
        }
      }
    }
  }
}
"""#
}
