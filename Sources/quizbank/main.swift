import Foundation
import QuizSupport

FreedMemory.returnLargeBlocksWhenFreed()
exit(CommandLineInterface.run(Array(CommandLine.arguments.dropFirst())))
