# fig7_cushion: Fig. 7: S4-1 Sched4 with and without its cushion (execution phase)
# botsim wrote this script and fig7_cushion.dat; to re-draw fig7_cushion.svg and fig7_cushion.png after an edit,
# run `gnuplot fig7_cushion.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig7_cushion.svg'
set title 'Fig. 7: S4-1 Sched4 with and without its cushion (execution phase)'
set xlabel 'replication (seed)'
set ylabel 'execution makespan (min; n/a: bag incomplete)'
set key outside right top vertical Left reverse
set yrange [0:294.034328]
set xrange [-0.6:29.6]
set xtics ('rep 0' 0, 'rep 1' 1, 'rep 2' 2, 'rep 3' 3, 'rep 4' 4, 'rep 5' 5, 'rep 6' 6, 'rep 7' 7, 'rep 8' 8, 'rep 9' 9, 'rep 10' 10, 'rep 11' 11, 'rep 12' 12, 'rep 13' 13, 'rep 14' 14, 'rep 15' 15, 'rep 16' 16, 'rep 17' 17, 'rep 18' 18, 'rep 19' 19, 'rep 20' 20, 'rep 21' 21, 'rep 22' 22, 'rep 23' 23, 'rep 24' 24, 'rep 25' 25, 'rep 26' 26, 'rep 27' 27, 'rep 28' 28, 'rep 29' 29) rotate by 35 right
set boxwidth 0.4 absolute
set style fill transparent solid 0.45 border
set grid ytics
plot 'fig7_cushion.dat' index 0 using 1:2 with boxes lc rgb '#1f77b4' title 'cushion accepted', \
     'fig7_cushion.dat' index 1 using 1:2 with boxes lc rgb '#ff7f0e' title 'cushion refused'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig7_cushion.png'
replot
set output
