# fig2_render_like_job: Render-like job (stand-in for Fig. 2): task run times in image order
# botsim wrote this script and fig2_render_like_job.dat; to re-draw fig2_render_like_job.svg and fig2_render_like_job.png after an edit,
# run `gnuplot fig2_render_like_job.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig2_render_like_job.svg'
set title 'Render-like job (stand-in for Fig. 2): task run times in image order'
set xlabel 'task'
set ylabel 'run time (s)'
set key outside right top vertical Left reverse
set yrange [0:529.095]
set grid
plot 'fig2_render_like_job.dat' index 0 using 1:2 with linespoints lc rgb '#1f77b4' dt 1 lw 2.5 pt 6 ps 0.8 title 'task run time', \
     'fig2_render_like_job.dat' index 1 using 1:2 with linespoints lc rgb '#ff7f0e' dt 2 lw 1 pt 4 ps 0.8 title 'running average'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig2_render_like_job.png'
replot
set output
